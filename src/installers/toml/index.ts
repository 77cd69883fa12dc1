// TOML config files (Codex, Grok: [mcp_servers.<name>] tables; Mistral Vibe: [[mcp_servers]] blocks).
export { tomlCodec } from './document.js';
