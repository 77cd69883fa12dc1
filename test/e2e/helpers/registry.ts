// The local npm registry harness for e2e tests: the pinned verdaccio on 127.0.0.1 (free port, temp
// storage, no uplinks, anonymous publish) with this checkout's `npm pack`ed patchbay published to it.
// Start it in beforeAll and stop() it in afterAll. Implementation shared with bench/ in
// scripts/e2e/local-registry.mjs.
export {
  startLocalRegistry,
  startRegistryWithPatchbay,
  packPatchbay,
  bundlePath,
  type LocalRegistry,
  type PackedPatchbay,
} from '../../../scripts/e2e/local-registry.mjs';
