/**
 * Stripe's request encoding: form fields with bracketed keys (`metadata[plan_id]=p1`,
 * `lookup_keys[0]=a`, `recurring[interval]=month`). Test support only.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

function pathOf(key: string): string[] {
  const head = key.split('[', 1)[0] ?? key;
  const rest = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '');
  return [head, ...rest];
}

/** Objects whose keys are 0..n-1 become arrays (how stripe-node writes lists). */
function withArrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const inner: FormObject = {};
  for (const key of keys) inner[key] = withArrays(value[key] as FormValue);
  const isList = keys.length > 0 && keys.every((k, i) => k === String(i) || k === '');
  return isList ? keys.map((k) => inner[k] as FormValue) : inner;
}

export function parseStripeForm(encoded: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = pathOf(key);
    let node: FormObject = root;
    for (const [index, part] of path.entries()) {
      const name = part === '' ? String(Object.keys(node).length) : part;
      if (index === path.length - 1) node[name] = value;
      else {
        const next = node[name];
        if (next === undefined || typeof next === 'string' || Array.isArray(next)) node[name] = {};
        node = node[name] as FormObject;
      }
    }
  }
  return withArrays(root) as FormObject;
}

export function text(form: FormObject, key: string): string | undefined {
  const value = form[key];
  return typeof value === 'string' ? value : undefined;
}

export function list(form: FormObject, key: string): string[] {
  const value = form[key];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export function record(form: FormObject, key: string): Record<string, string> {
  const value = form[key];
  if (value === undefined || typeof value === 'string' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}
