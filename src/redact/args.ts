// A command line as an argument vector (`command` + `args` of a host entry). Beyond what redactText
// finds inside each argument (a bare `sk-…`, `TOKEN=V`, `--token:V`, a URL with a password), the
// vector has one shape text does not: a secret flag and its value in two arguments
// (`["--token", "V"]`), where V is redacted whatever it looks like.
import { isSecretKeyName } from './key-names.js';
import { REDACTED } from './marker.js';
import { isReference } from './reference.js';
import { redactText } from './text.js';

// `-t`, `--token`, `--token=V`, `--token:V`; a name starts with a letter (`-1` is a number).
const FLAG_NAME = /^(--?)([A-Za-z][A-Za-z0-9_.-]{0,127})/;

interface Flag {
  dashes: string;
  name: string;
  /** `=` or `:` when the value is in the same argument. */
  sep?: string;
  value?: string;
}

function parseFlag(arg: string): Flag | undefined {
  const m = FLAG_NAME.exec(arg);
  if (!m) return undefined;
  const [head, dashes = '', name = ''] = m;
  if (head.length === arg.length) return { dashes, name };
  const sep = arg[head.length];
  return sep === '=' || sep === ':' ? { dashes, name, sep, value: arg.slice(head.length + 1) } : undefined;
}

export function redactArgs(args: readonly string[]): string[] {
  const out: string[] = [];
  let valueOfSecretFlag = false;
  for (const arg of args) {
    const flag = parseFlag(arg);
    if (valueOfSecretFlag && !flag) {
      // The value of `--token V`, whatever it looks like, unless it only names a variable.
      out.push(isReference(arg) ? arg : REDACTED);
      valueOfSecretFlag = false;
      continue;
    }
    valueOfSecretFlag = false;
    if (flag && isSecretKeyName(flag.name)) {
      const { dashes, name, sep, value = '' } = flag;
      if (sep === undefined) valueOfSecretFlag = true;
      out.push(sep === undefined || value === '' || isReference(value) ? arg : `${dashes}${name}${sep}${REDACTED}`);
      continue;
    }
    out.push(redactText(arg));
  }
  return out;
}
