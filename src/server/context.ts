// The server's view of the machine is the core Environment, resolved once at start-up from values only
// (no file reads, no probes); the host context that reads files is created per call.
export { resolveEnvironment, rootsOf, type Environment as ServerEnvironment } from '../core/environment.js';
