// The interactive part of the CLI (prompts). Only loaded when a terminal is attached and a question
// must be asked, so `patchbay mcp`, --json and scripted runs never evaluate prompts.
import prompts from 'prompts';
import { PatchbayError } from '../errors.js';
import type { Detection, HostId, Scope } from '../installers/types.js';
import { HOST_IDS } from '../installers/types.js';

function cancelled(): never {
  throw new PatchbayError('cancelled', 'Cancelled: nothing was written.');
}

async function ask<T>(question: prompts.PromptObject): Promise<T> {
  let aborted = false;
  const answers = await prompts(question, {
    onCancel: () => {
      aborted = true;
      return false;
    },
  });
  if (aborted || !(question.name as string in answers)) cancelled();
  return answers[question.name as string] as T;
}

/** "opencode — `opencode --version` printed 1.18.33" / "cursor — not detected: ..." */
export function hostChoiceTitle(detection: Detection | undefined, id: HostId): string {
  if (!detection) return id;
  const reasons = detection.reasons.join('; ');
  if (detection.detected) return `${id} — ${reasons || 'detected'}`;
  return `${id} — not detected${reasons ? `: ${reasons}` : ''}`;
}

export async function askHosts(detections: readonly Detection[], preselected: readonly HostId[]): Promise<HostId[]> {
  const byId = new Map(detections.map((d) => [d.host, d]));
  return ask<HostId[]>(
    {
      type: 'multiselect',
      name: 'hosts',
      message: 'Register patchbay in which hosts?',
      choices: HOST_IDS.map((id) => ({ title: hostChoiceTitle(byId.get(id), id), value: id, selected: preselected.includes(id) })),
      min: 1,
      hint: '- space toggles, enter confirms',
      instructions: false,
    },
  );
}

export async function askScope(initial: Scope): Promise<Scope> {
  return ask<Scope>(
    {
      type: 'select',
      name: 'scope',
      message: 'Which files?',
      choices: [
        { title: "project — this project's files (commit them to share)", value: 'project' },
        { title: "user — your user config, every project", value: 'user' },
      ],
      initial: initial === 'user' ? 1 : 0,
    },
  );
}

export async function confirmApply(fileCount: number): Promise<boolean> {
  return ask<boolean>(
    { type: 'confirm', name: 'ok', message: `Write ${fileCount} file(s)?`, initial: true },
  );
}
