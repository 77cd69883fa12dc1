// Claude Code project approval (hosts.md §3.5): trust first, then an approval from any source;
// an explicit refusal wins.
import { describe, expect, it } from 'vitest';
import { claudeProjectApproval } from '../../src/doctor/approval.js';

const trusted = { hasTrustDialogAccepted: true };

describe('claudeProjectApproval', () => {
  it('approved by the dialog (~/.claude.json projects[dir].enabledMcpjsonServers)', () => {
    expect(claudeProjectApproval('db', { project: { ...trusted, enabledMcpjsonServers: ['db'] }, settings: [] })).toEqual({ state: 'approved' });
  });

  it('approved by a settings file list, or by enableAllProjectMcpServers in either place', () => {
    expect(claudeProjectApproval('db', { project: trusted, settings: [undefined, { enabledMcpjsonServers: ['db'] }] }).state).toBe('approved');
    expect(claudeProjectApproval('db', { project: trusted, settings: [{ enableAllProjectMcpServers: true }] }).state).toBe('approved');
    expect(claudeProjectApproval('db', { project: { ...trusted, enableAllProjectMcpServers: true }, settings: [] }).state).toBe('approved');
  });

  it('pending when trusted but not listed, and when listed but the project is not trusted', () => {
    expect(claudeProjectApproval('db', { project: { ...trusted, enabledMcpjsonServers: ['other'] }, settings: [] })).toMatchObject({ state: 'pending', reason: expect.stringMatching(/not approved/) });
    expect(claudeProjectApproval('db', { project: { enabledMcpjsonServers: ['db'] }, settings: [] })).toMatchObject({ state: 'pending', reason: expect.stringMatching(/not trusted/) });
    expect(claudeProjectApproval('db', { project: undefined, settings: [{ enableAllProjectMcpServers: true }] }).state).toBe('pending');
  });

  it('disabledMcpjsonServers anywhere wins over every approval', () => {
    const project = { ...trusted, enabledMcpjsonServers: ['db'] };
    expect(claudeProjectApproval('db', { project: { ...project, disabledMcpjsonServers: ['db'] }, settings: [] }).state).toBe('disabled');
    expect(claudeProjectApproval('db', { project, settings: [{ disabledMcpjsonServers: ['db'] }] }).state).toBe('disabled');
  });
});
