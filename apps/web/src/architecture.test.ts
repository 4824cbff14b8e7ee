import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The boundaries of the web app (see apps/web/README.md), checked on every import statement, type-only
 * and dynamic imports included:
 * - no import circle among the app's modules;
 * - `shared/` imports only `shared/` (and the locales);
 * - a feature imports its own folder and `shared/`, never `app/` nor another feature: what two
 *   features need lives in `shared/`;
 * - `app/` (the shell) may import features and shared;
 * - only tests import the test harness in `src/test/`; nothing imports `main.tsx`.
 */

const srcRoot = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The path below src, with forward slashes: 'features/auth/LoginModal.tsx'. */
const rel = (path: string) => relative(srcRoot, path).split(sep).join('/');

function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

/** The modules each file imports, as paths below src; relative specifiers only (packages are not ours). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(srcRoot)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((imported) => imported.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => {
        const target = resolveImport(file, specifier);
        if (!target) throw new Error(`${rel(file)}: cannot resolve '${specifier}'`);
        return rel(target);
      });
    graph.set(rel(file), [...new Set(targets)]);
  }
  return graph;
}

/** The circles of the graph: its strongly connected components of more than one module, or a self-import. */
function importCircles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) circles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

/** Where a module belongs: 'app', 'shared', 'feature:<name>', 'test', 'locales' or 'main'. */
function layerOf(path: string): string {
  const [top, second] = path.split('/');
  if (top === 'features') return `feature:${second}`;
  if (top === 'main.tsx') return 'main';
  return top ?? path;
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path) || layerOf(path) === 'test';

/** Why `from` may not import `to`, or null when it may. */
function boundaryViolation(from: string, to: string): string | null {
  const source = layerOf(from);
  const target = layerOf(to);
  if (target === 'main') return 'nothing imports the entry point';
  if (target === 'test' && !isTest(from)) return 'only tests import the test harness';
  if (source === 'shared' && (target === 'app' || target.startsWith('feature:')))
    return 'shared/ imports neither app/ nor features/';
  if (source.startsWith('feature:') && target === 'app') return 'a feature does not import app/';
  if (source.startsWith('feature:') && target.startsWith('feature:') && source !== target)
    return 'a feature does not import another feature: move what both need to shared/';
  return null;
}

function boundaryViolations(graph: Map<string, string[]>): string[] {
  return [...graph].flatMap(([from, targets]) =>
    targets.flatMap((to) => {
      const why = boundaryViolation(from, to);
      return why ? [`${from} → ${to}: ${why}`] : [];
    }),
  );
}

describe('web architecture', () => {
  const graph = importGraph();

  it('sees the whole app', () => {
    expect(graph.has('main.tsx')).toBe(true);
    expect(graph.size).toBeGreaterThan(100);
  });

  it('has no import circle', () => {
    expect(importCircles(graph).map((circle) => circle.join(' ⇄ '))).toEqual([]);
  });

  it('keeps shared/, features and app/ inside their boundaries', () => {
    expect(boundaryViolations(graph)).toEqual([]);
  });

  it('mocks no module in its tests: their files share one module graph (vitest.config.ts, isolate)', () => {
    // A mock would replace the module only where no earlier file of the worker had loaded it.
    const mocking = sourceFiles(srcRoot).filter(
      (file) => /\.test\.tsx?$/.test(file) && /\bvi\.(do)?mock\(/.test(readFileSync(file, 'utf8')),
    );
    expect(mocking.map(rel)).toEqual([]);
  });

  it('knows a bad import when it sees one', () => {
    expect(
      importCircles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', ['a.ts']],
          ['c.ts', ['a.ts']],
        ]),
      ),
    ).toEqual([['a.ts', 'b.ts']]);
    expect(boundaryViolation('shared/ui/x.tsx', 'app/header/y.ts')).not.toBeNull();
    expect(boundaryViolation('shared/ui/x.tsx', 'features/auth/y.ts')).not.toBeNull();
    expect(boundaryViolation('features/account/x.tsx', 'features/auth/y.ts')).not.toBeNull();
    expect(boundaryViolation('features/account/x.tsx', 'app/header/y.ts')).not.toBeNull();
    expect(boundaryViolation('features/account/x.tsx', 'test/render.tsx')).not.toBeNull();
    expect(boundaryViolation('features/account/x.test.tsx', 'test/render.tsx')).toBeNull();
    expect(boundaryViolation('features/account/x.tsx', 'features/account/y.ts')).toBeNull();
    expect(boundaryViolation('app/routes.tsx', 'features/account/y.ts')).toBeNull();
    expect(boundaryViolation('features/account/x.tsx', 'shared/ui/y.ts')).toBeNull();
  });
});
