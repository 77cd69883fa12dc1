// The YAML and TOML codecs as host records hold them: loaded on first use (document/lazy-codec.ts),
// one instance per format so every host of that format shares one load.
import { lazyCodec } from './document/lazy-codec.js';

export const yamlCodec = lazyCodec('yaml', async () => (await import('./yaml/index.js')).yamlCodec);
export const tomlCodec = lazyCodec('toml', async () => (await import('./toml/index.js')).tomlCodec);
