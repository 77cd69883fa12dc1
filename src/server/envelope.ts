// The answer format of every patchbay tool: one envelope, returned as structuredContent AND as the
// same JSON in a text block (Claude Code shows the model only structuredContent; other clients read
// the text). The envelope is bounded: an answer over the size budget is replaced by a
// `response-too-large` diagnostic so the wire never carries more than MAX_RESPONSE_BYTES.
import * as z from 'zod';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { MAX_TOOL_RESULT_BYTES } from './limits.js';
import type { Diagnostic, Severity } from '../diagnostics.js';

export const CONTRACT_VERSION = 'patchbay-mcp/v1';

export const STATUSES = ['ok', 'empty', 'diagnostic', 'invalid', 'unavailable'] as const;
export type Status = (typeof STATUSES)[number];

/**
 * A diagnostic as agents see it: the same fields as src/diagnostics.ts, with paths already shortened
 * (project-relative or ~/...) and redacted by the presenter.
 */
export type WireDiagnostic = Omit<Diagnostic, 'severity'> & { severity?: Severity };

export const DiagnosticSchema = z.object({
  code: z.string().describe('Stable machine-readable code, e.g. parse-error, foreign-entry'),
  severity: z.enum(['error', 'warning', 'info']).optional(),
  message: z.string(),
  path: z.string().optional().describe('Project-relative or ~/ path'),
  pointer: z.string().optional().describe('RFC 6901 JSON pointer inside the file'),
  line: z.number().int().optional(),
  column: z.number().int().optional(),
  hint: z.string().optional(),
  host: z.string().optional(),
});

export interface Envelope<T> {
  contract_version: typeof CONTRACT_VERSION;
  tool: string;
  status: Status;
  data?: T;
  diagnostics?: WireDiagnostic[];
}

/** Output schema for a tool whose `data` follows `data`. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    contract_version: z.literal(CONTRACT_VERSION),
    tool: z.string(),
    status: z.enum(STATUSES),
    data: data.optional(),
    diagnostics: z.array(DiagnosticSchema).optional(),
  });
}

export function makeEnvelope<T>(tool: string, status: Status, data?: T, diagnostics?: WireDiagnostic[]): Envelope<T> {
  const env: Envelope<T> = { contract_version: CONTRACT_VERSION, tool, status };
  if (data !== undefined) env.data = data;
  if (diagnostics !== undefined && diagnostics.length > 0) env.diagnostics = diagnostics;
  return env;
}

/** The envelope that replaces an answer over the size budget. */
export function tooLargeEnvelope(tool: string, bytes: number, limit: number): Envelope<never> {
  return makeEnvelope<never>(tool, 'diagnostic', undefined, [
    {
      code: 'response-too-large',
      severity: 'error',
      message: `The answer would be ${bytes} bytes, over the ${limit}-byte limit of patchbay mcp.`,
      hint: 'Narrow the request: pass hosts or scope, a smaller max_results, or read_doc with a section and max_bytes.',
    },
  ]);
}

/** Serializes an envelope into a CallToolResult, enforcing the size budget. */
export function toToolResult(env: Envelope<unknown>, limit: number = MAX_TOOL_RESULT_BYTES): CallToolResult {
  let text = JSON.stringify(env);
  // The wire carries the JSON twice (structuredContent + text, the latter escaped): measure that.
  const wireBytes = Buffer.byteLength(text) + Buffer.byteLength(JSON.stringify(text));
  let final = env;
  if (wireBytes > limit) {
    final = tooLargeEnvelope(env.tool, wireBytes, limit);
    text = JSON.stringify(final);
  }
  const result: CallToolResult = {
    content: [{ type: 'text', text }],
    structuredContent: final as unknown as Record<string, unknown>,
  };
  // A request the server could not serve as asked is a tool error the model should react to.
  if (final.status === 'invalid' || final.status === 'unavailable') result.isError = true;
  return result;
}
