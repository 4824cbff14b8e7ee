/**
 * Stripe's request bodies: `application/x-www-form-urlencoded` with nested keys in brackets
 * (`line_items[0][price_data][currency]=usd`), arrays by index. Brackets stay literal, as Stripe's
 * own libraries send them.
 */
export type FormValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | FormValue[]
  | { [key: string]: FormValue };

export function encodeForm(params: Record<string, FormValue>): string {
  const pairs: string[] = [];
  const walk = (key: string, value: FormValue) => {
    if (value === null || value === undefined) return;
    if (typeof value !== 'object') {
      pairs.push(`${encodeKey(key)}=${encodeURIComponent(String(value))}`);
      return;
    }
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    for (const [child, item] of entries) walk(`${key}[${child}]`, item);
  };
  for (const [key, value] of Object.entries(params)) walk(key, value);
  return pairs.join('&');
}

const encodeKey = (key: string) => encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']');

export type FormTree = { [key: string]: string | FormTree };

/** The other direction, for the test double: nested keys back into objects (indexes stay keys). */
export function decodeForm(body: string): FormTree {
  const tree: FormTree = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node = tree;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else {
        const next = node[part];
        const child: FormTree = typeof next === 'object' ? next : {};
        node[part] = child;
        node = child;
      }
    });
  }
  return tree;
}
