// Every process the bench measures answers 'cpu' with the CPU time it has used so far, in
// microseconds; the bench divides the difference over a round by the requests served.
export function answerCpuRequests(): void {
  process.on('message', (message) => {
    if (message !== 'cpu') return;
    const { user, system } = process.cpuUsage();
    process.send?.({ cpu: user + system });
  });
}
