import { expect } from '@open-wc/testing';

describe('the browser test setup', () => {
  it('talks to the scenario server over real HTTP', async () => {
    const created = await (await fetch('/__scenario', { method: 'POST', body: JSON.stringify({ responses: [{ status: 202, body: { message: 'later' } }] }) })).json();
    const res = await fetch(`${created.base}/ocean?referenceNumber=A%20B`);
    expect(res.status).to.equal(202);
    const log = await (await fetch(`/__scenario/${created.id}/log`)).json();
    expect(log.requests[0].search).to.equal('referenceNumber=A%20B');
  });
});
