import { MainThreadTasks } from 'lighthouse/core/computed/main-thread-tasks.js';
import type { Artifacts } from 'lighthouse/types/artifacts.js';

type Trace = Artifacts['Trace'];
type TaskNode = Awaited<ReturnType<typeof MainThreadTasks.request>>[number];

export type LongTask = {
  /** Its length on this machine, ms. */
  observedMs: number;
  /**
   * What Lighthouse's simulation makes of it on the phone it models: its length × the CPU slowdown,
   * or × half of it for a task that lays the page out (Lantern's `layoutTaskMultiplier`).
   */
  simulatedMs: number;
  /** Its time by Lighthouse's task groups (script, style & layout, …), ms here, largest first. */
  groups: [string, number][];
  /** What runs in it: its largest pieces of work, each named by its event, function and file. */
  work: string[];
};

const GROUP_NAMES: Record<string, string> = {
  scriptEvaluation: 'script',
  scriptParseCompile: 'compile',
  styleLayout: 'style & layout',
  paintCompositeRender: 'paint',
  parseHTML: 'parse HTML',
  garbageCollection: 'GC',
  other: 'other',
};

/** A chunk's file name without its content hash: `index-yLmTmOlB.js` → `index.js`. */
function fileOf(url: unknown): string {
  if (typeof url !== 'string' || url === '') return '';
  const name = url.split('?')[0]?.split('/').pop() ?? '';
  return name.replace(/-[\w-]{8}(\.\w+)$/, '$1');
}

function label(task: TaskNode): string {
  const data = (task.event.args as { data?: { functionName?: string; url?: string } } | undefined)?.data;
  const file = fileOf(data?.url) || fileOf(task.attributableURLs.at(-1));
  return [task.event.name, data?.functionName || '', file ? `(${file})` : ''].filter(Boolean).join(' ');
}

function laysOut(task: TaskNode): boolean {
  return task.event.name === 'Layout' || task.children.some(laysOut);
}

function addGroups(task: TaskNode, into: Map<string, number>) {
  const id = task.group.id;
  into.set(id, (into.get(id) ?? 0) + task.selfTime);
  for (const child of task.children) addGroups(child, into);
}

/**
 * The biggest pieces of a task: its children, and the child of a lone child (a task that is one
 * FunctionCall says little; what that call runs says more), down to pieces over a tenth of it.
 */
function pieces(task: TaskNode, total: number): TaskNode[] {
  const big = task.children.filter((child) => child.duration >= total / 10);
  if (big.length === 1 && big[0] && big[0].children.length > 0 && big[0].selfTime < big[0].duration / 2) {
    return [big[0], ...pieces(big[0], total)];
  }
  return big.sort((a, b) => b.duration - a.duration);
}

/** The page's longest top-level main-thread tasks in a Lighthouse trace, with what runs in them. */
export async function longestTasks(trace: Trace, cpuSlowdown: number, count = 3): Promise<LongTask[]> {
  const context = { computedCache: new Map() } as unknown as Parameters<typeof MainThreadTasks.request>[1];
  const tasks = await MainThreadTasks.request(trace, context);
  return tasks
    .filter((task) => !task.parent && !task.unbounded)
    .sort((a, b) => b.duration - a.duration)
    .slice(0, count)
    .map((task) => {
      const groups = new Map<string, number>();
      addGroups(task, groups);
      return {
        observedMs: task.duration,
        simulatedMs: task.duration * cpuSlowdown * (laysOut(task) ? 0.5 : 1),
        groups: [...groups]
          .filter(([, ms]) => ms >= 1)
          .sort((a, b) => b[1] - a[1])
          .map(([id, ms]) => [GROUP_NAMES[id] ?? id, ms]),
        work: pieces(task, task.duration)
          .slice(0, 3)
          .map((piece) => `${label(piece)} ${Math.round(piece.duration)}`),
      };
    });
}

/** One line a task: `≈ 420 ms at 4× (105 here: script 90, style & layout 10) FunctionCall … 98`. */
export function describeTask(task: LongTask, cpuSlowdown: number): string {
  const groups = task.groups.map(([name, ms]) => `${name} ${Math.round(ms)}`).join(', ');
  const head = `≈${Math.round(task.simulatedMs)} ms at ${cpuSlowdown}× (${Math.round(task.observedMs)} here: ${groups})`;
  return task.work.length > 0 ? `${head}: ${task.work.join('; ')}` : head;
}
