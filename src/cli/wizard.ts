// The interactive part of the CLI (prompts). Only loaded when a terminal is attached and a question
// must be asked, so `patchbay mcp`, --json and scripted runs never evaluate prompts.
import prompts from 'prompts';
import { PatchbayError } from '../errors.js';
import type { Detection, HostId, Scope } from '../installers/types.js';
import { HOST_IDS } from '../installers/types.js';
import { isVariableName } from '../servers/env-ref.js';

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

/** What prompts' multiselect exposes to onRender (`this`): its options and the cursor position. */
interface MultiselectState {
  value: { title: string; value: HostId }[];
  cursor: number;
  done: boolean;
}

export async function askHosts(detections: readonly Detection[], preselected: readonly HostId[]): Promise<HostId[]> {
  const byId = new Map(detections.map((d) => [d.host, d]));
  const titles = new Map(HOST_IDS.map((id) => [id, hostChoiceTitle(byId.get(id), id)]));
  // With 25 hosts, the ones found on this machine come first (catalog order within each group).
  const ordered = [...HOST_IDS].sort((a, b) => Number(byId.get(b)?.detected === true) - Number(byId.get(a)?.detected === true));
  return ask<HostId[]>(
    {
      type: 'multiselect',
      name: 'hosts',
      message: 'Register patchbay in which hosts?',
      choices: ordered.map((id) => ({ title: titles.get(id) ?? id, value: id, selected: preselected.includes(id) })),
      min: 1,
      hint: '- arrows move, space toggles, enter confirms',
      instructions: false,
      // prompts marks the focused host only with colour (cyan, underlined), which NO_COLOR and
      // monochrome terminals lose: draw a pointer in the text as well, before every render. Once
      // answered, the summary line lists the chosen ids only (the reasons were read already).
      onRender(this: MultiselectState) {
        this.value.forEach((option, i) => {
          option.title = this.done ? option.value : `${i === this.cursor ? '›' : ' '} ${titles.get(option.value) ?? option.value}`;
        });
      },
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

/**
 * doctor on a terminal, once per project: may it start the project's servers that their hosts would
 * not start yet? Default no: a cloned repository's config is untrusted input.
 */
export async function confirmTrust(projectName: string, count: number): Promise<boolean> {
  return ask<boolean>({
    type: 'confirm',
    name: 'trust',
    message: `Start ${count === 1 ? 'this server' : `these ${count} servers`} from ${projectName}'s own files for this check (their hosts would not start them yet)?`,
    initial: false,
  });
}

/** "A, B  C" → ['A', 'B', 'C']; a token that is not a variable name makes the whole answer invalid. */
export function parseEnvNames(answer: string): { names: string[] } | { error: string } {
  const tokens = answer.split(/[\s,]+/).filter((t) => t !== '');
  for (const t of tokens) {
    // Someone typing `KEY=value` is about to paste a secret into a file: say why it is not asked for.
    if (t.includes('=') || t.includes(':')) return { error: `names only ('${t.split(/[=:]/)[0]}'): the host reads the value from your environment, and patchbay never asks for it` };
    if (!isVariableName(t)) return { error: `'${t}' is not an environment variable name` };
  }
  return { names: [...new Set(tokens)] };
}

/**
 * `add` on a terminal, for a local server given no --env: which environment variables it reads. Only
 * NAMES are asked for; each becomes a reference (`${env:NAME}`), written in every host's own syntax, so
 * no value is typed here, shown in a diff, or written to a file.
 */
export async function askEnvNames(server: string): Promise<string[]> {
  const answer = await ask<string>({
    type: 'text',
    name: 'env',
    message: `Environment variables ${server} reads (NAMES only, comma-separated; enter for none)`,
    validate: (value: string) => {
      const parsed = parseEnvNames(value);
      return 'error' in parsed ? parsed.error : true;
    },
  });
  const parsed = parseEnvNames(answer);
  return 'names' in parsed ? parsed.names : [];
}
