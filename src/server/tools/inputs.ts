// Input schemas shared by several tools.
import * as z from 'zod';

export const HOST_ENUM = ['opencode', 'claude-code', 'cursor', 'generic'] as const;
export const HostsInput = z.array(z.enum(HOST_ENUM)).max(HOST_ENUM.length).describe('Hosts to include; default: all');
export const ScopeInput = z.enum(['project', 'user']).describe('project (files in the project) or user (files in HOME)');
