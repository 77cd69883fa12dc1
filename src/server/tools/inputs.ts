// Input schemas shared by several tools.
import * as z from 'zod';
import { HOST_IDS } from '../../installers/catalog-data.js';

/** The catalog's host ids (the one list), as a zod enum. */
export const HOST_ENUM = HOST_IDS as [string, ...string[]];
export const HostsInput = z.array(z.enum(HOST_ENUM)).max(HOST_ENUM.length).describe('Hosts to include; default: all');
export const ScopeInput = z.enum(['project', 'user']).describe('project (files in the project) or user (files in HOME)');
