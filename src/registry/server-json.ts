// The part of a registry's server.json (schema 2025-12-11, ../shared/docs/mcp-registry/) that says how
// to run a server, read as UNTRUSTED input: every string a registry sends may reach a host file, so each
// is checked here, before any plan, and a violation refuses the entry with a JSON pointer into it
// (`registry-malformed`, exit 3). Unknown members are ignored (the format grows; `_meta` is free-form).
import { PatchbayError } from '../errors.js';

export interface Input {
  name?: string;
  description?: string;
  value?: string;
  default?: string;
  isRequired?: boolean;
  isSecret?: boolean;
  variables?: Record<string, Input>;
}

export interface Argument extends Input {
  type: 'positional' | 'named';
  valueHint?: string;
}

export interface Package {
  registryType: string;
  identifier: string;
  version?: string;
  runtimeArguments?: Argument[];
  packageArguments?: Argument[];
  environmentVariables?: (Input & { name: string })[];
  transport: { type: string; url?: string };
}

export interface Remote {
  type: string;
  url: string;
  headers?: (Input & { name: string })[];
  variables?: Record<string, Input>;
}

export interface ServerJson {
  name: string;
  version: string;
  description?: string;
  title?: string;
  packages: Package[];
  remotes: Remote[];
}

/** C0 controls and DEL (a tab included: no name, argument, header or URL needs one). */
const CONTROL = /[\u0000-\u001F\u007F]/;
/** `${VERSION}`, `${{ secrets.X }}`: a template a CI fills in before publishing, not a server.json. */
const TEMPLATE = /\$\{\{?\s*[A-Za-z_.][A-Za-z0-9_. ]*\}?\}/;

function malformed(pointer: string, message: string): PatchbayError {
  return new PatchbayError('registry-malformed', `server.json ${pointer || '(top level)'}: ${message}`, {
    pointer,
    hint: 'the entry cannot be installed as published; tell its author, or choose another way it offers (--package TYPE, --remote)',
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

class Reader {
  constructor(private readonly templates: boolean) {}

  string(value: unknown, pointer: string, required: true): string;
  string(value: unknown, pointer: string, required?: false): string | undefined;
  string(value: unknown, pointer: string, required = false): string | undefined {
    if (value === undefined || value === null) {
      if (required) throw malformed(pointer, 'is missing');
      return undefined;
    }
    if (typeof value !== 'string') throw malformed(pointer, 'must be a string');
    if (CONTROL.test(value)) throw malformed(pointer, 'holds a line break or another control character');
    if (!this.templates && TEMPLATE.test(value)) {
      throw new PatchbayError('registry-template', `server.json ${pointer}: '${value.slice(0, 60)}' is a template placeholder, not a value`, {
        pointer,
        hint: 'this file is filled in by a release script before it is published; run that step (or use the published entry: patchbay add <name>)',
      });
    }
    return value;
  }

  bool(value: unknown, pointer: string): boolean | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== 'boolean') throw malformed(pointer, 'must be true or false');
    return value;
  }

  input(value: unknown, pointer: string): Input {
    if (!isObject(value)) throw malformed(pointer, 'must be an object');
    const out: Input = {};
    for (const key of ['name', 'description', 'value', 'default'] as const) {
      // A description is prose for people: shown, never written; its control characters are dropped.
      const v = key === 'description' && typeof value[key] === 'string' ? (value[key] as string).replace(/[\u0000-\u001F\u007F]+/g, ' ') : value[key];
      const s = this.string(v, `${pointer}/${key}`);
      if (s !== undefined) out[key] = s;
    }
    const isRequired = this.bool(value.isRequired, `${pointer}/isRequired`);
    const isSecret = this.bool(value.isSecret, `${pointer}/isSecret`);
    if (isRequired !== undefined) out.isRequired = isRequired;
    if (isSecret !== undefined) out.isSecret = isSecret;
    if (value.variables !== undefined) out.variables = this.variables(value.variables, `${pointer}/variables`);
    return out;
  }

  variables(value: unknown, pointer: string): Record<string, Input> {
    if (!isObject(value)) throw malformed(pointer, 'must be an object');
    const out: Record<string, Input> = Object.create(null) as Record<string, Input>;
    for (const [name, v] of Object.entries(value)) {
      if (!/^[A-Za-z0-9_.-]+$/.test(name)) throw malformed(`${pointer}/${escape(name)}`, 'is not a variable name');
      out[name] = this.input(v, `${pointer}/${escape(name)}`);
    }
    return out;
  }

  list<T>(value: unknown, pointer: string, item: (v: unknown, p: string) => T): T[] {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) throw malformed(pointer, 'must be a list');
    return value.map((v, i) => item(v, `${pointer}/${i}`));
  }

  argument(value: unknown, pointer: string): Argument {
    const base = this.input(value, pointer);
    const o = value as Record<string, unknown>;
    const type = o.type === undefined ? 'positional' : o.type;
    if (type !== 'positional' && type !== 'named') throw malformed(`${pointer}/type`, "must be 'positional' or 'named'");
    const valueHint = this.string(o.valueHint, `${pointer}/valueHint`);
    if (type === 'named' && base.name === undefined) throw malformed(`${pointer}/name`, 'a named argument needs a name');
    return { ...base, type, ...(valueHint !== undefined ? { valueHint } : {}) };
  }

  named(value: unknown, pointer: string): Input & { name: string } {
    const input = this.input(value, pointer);
    if (input.name === undefined || input.name === '') throw malformed(`${pointer}/name`, 'is missing');
    return input as Input & { name: string };
  }

  package(value: unknown, pointer: string): Package {
    if (!isObject(value)) throw malformed(pointer, 'must be an object');
    const transport = value.transport === undefined ? { type: 'stdio' } : value.transport;
    if (!isObject(transport)) throw malformed(`${pointer}/transport`, 'must be an object');
    const version = this.string(value.version, `${pointer}/version`);
    const transportUrl = this.string(transport.url, `${pointer}/transport/url`);
    return {
      registryType: this.string(value.registryType, `${pointer}/registryType`, true),
      identifier: this.string(value.identifier, `${pointer}/identifier`, true),
      ...(version !== undefined ? { version } : {}),
      runtimeArguments: this.list(value.runtimeArguments, `${pointer}/runtimeArguments`, (v, p) => this.argument(v, p)),
      packageArguments: this.list(value.packageArguments, `${pointer}/packageArguments`, (v, p) => this.argument(v, p)),
      environmentVariables: this.list(value.environmentVariables, `${pointer}/environmentVariables`, (v, p) => this.named(v, p)),
      transport: { type: this.string(transport.type, `${pointer}/transport/type`) ?? 'stdio', ...(transportUrl !== undefined ? { url: transportUrl } : {}) },
    };
  }

  remote(value: unknown, pointer: string): Remote {
    if (!isObject(value)) throw malformed(pointer, 'must be an object');
    return {
      type: this.string(value.type, `${pointer}/type`, true),
      url: this.string(value.url, `${pointer}/url`, true),
      headers: this.list(value.headers, `${pointer}/headers`, (v, p) => this.named(v, p)),
      ...(value.variables !== undefined ? { variables: this.variables(value.variables, `${pointer}/variables`) } : {}),
    };
  }
}

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Older schema dates (2025-07-09 and before) spell members in snake_case (`registry_type`,
 * `environment_variables`, `is_secret`): read as their camelCase names. The keys of `variables` are
 * names and `_meta` is free-form: both kept as they are.
 */
function camelKeys(value: unknown, parentKey = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => camelKeys(v, parentKey));
  if (!isObject(value) || parentKey === 'variables' || parentKey === '_meta') return value;
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, v] of Object.entries(value)) {
    const camel = key.includes('_') && key !== '_meta' ? key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) : key;
    if (!(camel in out) || camel === key) out[camel] = camelKeys(v, camel);
  }
  return out;
}

/**
 * The server.json `value` as patchbay reads it, or a refusal with a JSON pointer. `templates: false`
 * (a local `--from` file) also refuses `${VERSION}`-style placeholders with a hint.
 */
export function readServerJson(input: unknown, options: { templates?: boolean } = {}): ServerJson {
  const r = new Reader(options.templates ?? false);
  if (!isObject(input)) throw malformed('', 'must be a JSON object');
  const value = camelKeys(input) as Record<string, unknown>;
  const name = r.string(value.name, '/name', true);
  if (/[{}<>$]/.test(name)) {
    throw new PatchbayError('registry-template', `server.json /name: '${name.slice(0, 60)}' is a template placeholder, not a name`, { pointer: '/name', hint: 'fill in the template (its release script does) before installing from it' });
  }
  if (!/^[A-Za-z0-9.-]+\/[A-Za-z0-9._-]+$/.test(name) || name.length > 200) throw malformed('/name', `'${name.slice(0, 80)}' is not a registry name (reverse-DNS namespace / name)`);
  const description = r.string(typeof value.description === 'string' ? value.description.replace(/[\u0000-\u001F\u007F]+/g, ' ') : value.description, '/description');
  const title = r.string(value.title, '/title');
  const version = r.string(value.version, '/version', true);
  if (!/^[0-9A-Za-z][0-9A-Za-z.+_-]*$/.test(version) || version.length > 64) {
    if (/[{}<>$]/.test(version)) {
      throw new PatchbayError('registry-template', `server.json /version: '${version.slice(0, 40)}' is a template placeholder, not a version`, {
        pointer: '/version',
        hint: 'this file is filled in by a release script before it is published; run that step, or install the published entry: patchbay add <name>',
      });
    }
    throw malformed('/version', `'${version.slice(0, 40)}' is not a version`);
  }
  return {
    name,
    version,
    ...(description !== undefined ? { description } : {}),
    ...(title !== undefined ? { title } : {}),
    packages: r.list(value.packages, '/packages', (v, p) => r.package(v, p)),
    remotes: r.list(value.remotes, '/remotes', (v, p) => r.remote(v, p)),
  };
}
