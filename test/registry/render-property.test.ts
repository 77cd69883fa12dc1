// Property: any generated valid server.json renders a launch whose argv reproduces its package's
// runtime and package arguments in order (positional values, named name+value pairs), pinned, for
// every registry type patchbay runs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderServerJson } from '../../src/registry/render.js';
import { readServerJson } from '../../src/registry/server-json.js';
import { launchOf } from '../../src/servers/spec.js';

const token = fc.stringMatching(/^[A-Za-z0-9._=:/@+-]{1,12}$/);
const argument = fc.oneof(
  fc.record({ type: fc.constant('positional' as const), value: token }),
  fc.record({ type: fc.constant('named' as const), name: token.map((t) => `--${t}`), value: token }),
);
const version = fc.tuple(fc.nat(20), fc.nat(20), fc.nat(20)).map(([a, b, c]) => `${a}.${b}.${c}`);
const pkg = fc.record({
  registryType: fc.constantFrom('npm', 'pypi', 'nuget', 'oci'),
  identifier: fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/),
  version,
  runtimeArguments: fc.array(argument, { maxLength: 4 }),
  packageArguments: fc.array(argument, { maxLength: 6 }),
});

const flat = (args: Array<{ type: string; name?: string; value: string }>) => args.flatMap((a) => (a.type === 'named' ? [a.name as string, a.value] : [a.value]));

describe('registry rendering, generated', () => {
  it('reproduces the package arguments in order around the exact pin', () => {
    fc.assert(
      fc.property(pkg, (p) => {
        const server = readServerJson({ name: 'io.example/gen', version: p.version, packages: [{ ...p, transport: { type: 'stdio' } }] });
        const { spec, missing } = renderServerJson(server);
        expect(missing).toEqual([]);
        const launch = launchOf(spec);
        if (launch.transport !== 'stdio') throw new Error('a package renders a stdio launch');
        const runtime = flat(p.runtimeArguments);
        const args = flat(p.packageArguments);
        const expected = {
          npm: ['--yes', ...runtime, `${p.identifier}@${p.version}`, ...args],
          pypi: [...runtime, `${p.identifier}==${p.version}`, ...args],
          nuget: [...runtime, `${p.identifier}@${p.version}`, '--yes', ...(args.length ? ['--', ...args] : [])],
          oci: ['run', '-i', '--rm', ...runtime, `${p.identifier}:${p.version}`, ...args],
        }[p.registryType];
        expect(launch.command).toBe({ npm: 'npx', pypi: 'uvx', nuget: 'dnx', oci: 'docker' }[p.registryType]);
        expect(launch.args).toEqual(expected);
      }),
      { numRuns: 300, seed: 0x5eed },
    );
  });
});
