// Stands in for the MCP SDK's Node shims (`@modelcontextprotocol/server/_shims`; scripts/sdk-shims.mjs
// points the bundler here). The SDK's Node default validates JSON Schema with Ajv: 295 KB of source
// that every `patchbay mcp` start reads, compiles and evaluates, about 5% of its start-up. patchbay's
// tools validate their input with zod and the server never elicits, the only place the SDK's server
// checks data against a JSON Schema. So the default is the SDK's other validator, @cfworker/json-schema
// (a public export, `validators/cf-worker`, and the SDK's own default on Cloudflare Workers): it
// validates the same JSON Schema, in 42 KB.
export { CfWorkerJsonSchemaValidator as DefaultJsonSchemaValidator } from '@modelcontextprotocol/server/validators/cf-worker';
export { default as process } from 'node:process';
