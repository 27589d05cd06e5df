/** Why an upstream body may not go out. */
export type BodyVerdict = 'ok' | 'not_json' | 'key_echo';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Checks that an upstream body is JSON and does not carry the key. The key is looked for in
 * the decoded document (every string and every member name), so an escaped echo such as
 * `"\u0074rk_…"` is caught, and in the raw text as well, for a key split across nothing JSON
 * would decode. The body itself goes out unchanged: the check never rewrites it.
 */
export function checkUpstreamBody(body: Uint8Array, apiKey: string): BodyVerdict {
  let text: string;
  let document: unknown;
  try {
    text = strictUtf8.decode(body);
    document = JSON.parse(text);
  } catch {
    return 'not_json';
  }
  if (text.includes(apiKey)) return 'key_echo';
  // Without a backslash the text holds no JSON escape, so every decoded string and member name
  // is a slice of the text already searched: the walk (a third of the check) cannot find more.
  if (!text.includes('\\')) return 'ok';
  return containsKey(document, apiKey) ? 'key_echo' : 'ok';
}

function containsKey(value: unknown, apiKey: string): boolean {
  // An explicit stack: a deeply nested hostile document must not overflow the call stack.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes(apiKey)) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) stack.push(element);
    } else if (item !== null && typeof item === 'object') {
      for (const [name, member] of Object.entries(item)) {
        if (name.includes(apiKey)) return true;
        stack.push(member);
      }
    }
  }
  return false;
}
