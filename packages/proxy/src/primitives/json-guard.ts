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
  // The walk (a third of the check) can only find what the raw search missed where an escape
  // decodes to a character of the key. Each escape decodes to one character, so an occurrence of
  // the key in a decoded string that covers no escape is a slice of the text, already searched.
  // A short escape (\" \\ \/ \b \f \n \r \t) decodes to a character that a key without those
  // characters does not hold; only a \u escape can then be in an occurrence. So without \u in
  // the text (an escaped backslash before a u counts too, to be safe) the walk cannot find more.
  if (!text.includes(SHORT_ESCAPE_ONLY.test(apiKey) ? '\\u' : '\\')) return 'ok';
  return containsKey(document, apiKey) ? 'key_echo' : 'ok';
}

/** A key none of whose characters comes out of a short JSON escape. */
const SHORT_ESCAPE_ONLY = /^[^"\\/\b\f\n\r\t]*$/;

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
