/**
 * The shape of the server, checked on every import statement under src/ (DESIGN.md "Shape of the
 * repository"). The rules:
 *
 * - drizzle: only `*.repo.ts`, `*.schema.ts`, `platform/db/**` and the test harness (`test/**`)
 *   import drizzle-orm. Migrations live outside src/ (drizzle/).
 * - database: the database client (`platform/db/client.ts`, the `Db` that runs any SQL) is imported
 *   by repos, seeds (a module's first rows, loaded before the app starts), platform/db, the test
 *   harness, the composition root (app.ts, services.ts, main.ts, seed.ts) and tests (which open databases) only. Services
 *   and routes get repos and the Transactor (`platform/db/transactions.ts`), never `Db`.
 * - modules: a module reaches another module through its `*.service.ts` only (types and functions);
 *   a `*.routes.ts` may also import another module's `*.routes.ts` (request hooks such as
 *   `requireUser`). One exception, for foreign keys: a `*.schema.ts` may import another module's
 *   `*.schema.ts`, because `.references()` is a database constraint, not a query; and a `*.seed.ts`
 *   may import another module's seed, whose rows its first rows name. Nothing else
 *   crosses: no other module's repo, schema, workflow or internal file, in tests neither (fixtures
 *   that need another module's rows come from the test harness).
 * - requests: services, repos, schemas and workflows never import fastify or a `*.routes.ts`.
 * - cycles: no import circle among the modules (test files not counted).
 * - platform: `platform/` never imports `modules/` or the composition root; `platform/db/schema.ts`
 *   re-exports every module's `*.schema.ts` (the table list of drizzle-kit and of the typed client).
 * - handlers: a route handler in a `*.routes.ts` is at most 30 lines.
 * - signedIn: a route whose handler takes the user with `requireUser` or `cartViewerOf` has
 *   `...signedIn` in its options, so that a signed-out caller gets 401 before its body is validated.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

type Rule = 'drizzle' | 'database' | 'modules' | 'requests' | 'cycles' | 'platform' | 'handlers' | 'signedIn';
interface SourceFile {
  /** Relative to src/, with forward slashes. */
  path: string;
  text: string;
}
interface Violation {
  rule: Rule;
  message: string;
}

/**
 * Breaches known when the rules were written, each with who removes it. A listed one that is gone
 * fails the test too, so that the list only shrinks.
 */
const knownExceptions: Array<{ file: string; target: string; why: string }> = [];

type Role = 'repo' | 'schema' | 'service' | 'routes' | 'workflow' | 'seed' | 'test' | 'internal';
interface Place {
  layer: 'module' | 'platform' | 'harness' | 'root';
  /** The module's name, or the platform's folder (or file) name. */
  area: string;
  role: Role;
}

const roles: Array<[string, Role]> = [
  ['.test.ts', 'test'],
  ['.repo.ts', 'repo'],
  ['.schema.ts', 'schema'],
  ['.service.ts', 'service'],
  ['.routes.ts', 'routes'],
  ['.workflow.ts', 'workflow'],
  ['.seed.ts', 'seed'],
];

function placeOf(file: string): Place {
  const role = roles.find(([suffix]) => file.endsWith(suffix))?.[1] ?? 'internal';
  const [top = '', second = ''] = file.split('/');
  if (top === 'modules') return { layer: 'module', area: second, role };
  if (top === 'platform') return { layer: 'platform', area: second.replace(/\.ts$/, ''), role };
  if (top === 'test') return { layer: 'harness', area: 'test', role };
  return { layer: 'root', area: file, role };
}

interface Import {
  specifier: string;
  /** The imported file relative to src/, or null for a package. */
  target: string | null;
  line: number;
}

/** Every import, re-export and dynamic import() of a file. */
function importsOf(file: SourceFile): Import[] {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true);
  const found: Import[] = [];
  const add = (literal: ts.Expression | undefined) => {
    if (!literal || !ts.isStringLiteral(literal)) return;
    const specifier = literal.text;
    const target = specifier.startsWith('.')
      ? path.posix.normalize(path.posix.join(path.posix.dirname(file.path), specifier))
      : null;
    const line = source.getLineAndCharacterOfPosition(literal.getStart()).line + 1;
    found.push({ specifier, target, line });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      add(node.arguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const httpVerbs = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all']);

/** Every route declaration of a file (app.get/post/… calls), with the line it starts on. */
function routeCalls(
  file: SourceFile,
): Array<{ call: ts.CallExpression; line: (position: number) => number }> {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true);
  const line = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  const found: Array<{ call: ts.CallExpression; line: typeof line }> = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      httpVerbs.has(node.expression.name.text)
    )
      found.push({ call: node, line });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Route handlers (the function given last to app.get/post/…) longer than `maxLines`. */
function longHandlers(file: SourceFile, maxLines: number): Violation[] {
  return routeCalls(file).flatMap(({ call, line }) => {
    const handler = call.arguments.at(-1);
    if (!handler || !(ts.isArrowFunction(handler) || ts.isFunctionExpression(handler))) return [];
    const lines = line(handler.getEnd()) - line(handler.getStart()) + 1;
    if (lines <= maxLines) return [];
    return [
      {
        rule: 'handlers' as const,
        message: `${file.path}:${line(handler.getStart())} has a ${lines}-line route handler (at most ${maxLines}): move the rules into the service`,
      },
    ];
  });
}

/** Routes whose handler needs a user (requireUser, cartViewerOf) without `...signedIn` in their options. */
function unmarkedSignedInRoutes(file: SourceFile): Violation[] {
  return routeCalls(file).flatMap(({ call, line }) => {
    const handler = call.arguments.at(-1);
    const options = call.arguments.length > 2 ? call.arguments[1] : undefined;
    const needsUser = handler && /\b(requireUser|cartViewerOf)\(request\)/.test(handler.getText());
    const marked =
      options &&
      ts.isObjectLiteralExpression(options) &&
      options.properties.some(
        (property) => ts.isSpreadAssignment(property) && property.expression.getText() === 'signedIn',
      );
    if (!needsUser || marked) return [];
    return [
      {
        rule: 'signedIn' as const,
        message: `${file.path}:${line(call.getStart())} needs a user but lacks ...signedIn in its options: a signed-out call would get 400 before 401`,
      },
    ];
  });
}

/** Why an import breaks a rule, or null when it keeps them. */
function judge(file: string, from: Place, imported: Import): Violation | null {
  const where = `${file}:${imported.line} imports ${imported.specifier}`;
  const { specifier, target } = imported;
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    const allowed =
      from.role === 'repo' ||
      from.role === 'schema' ||
      (from.layer === 'platform' && from.area === 'db') ||
      from.layer === 'harness';
    return allowed
      ? null
      : {
          rule: 'drizzle',
          message: `${where}: only *.repo.ts, *.schema.ts, platform/db and the test harness may use drizzle-orm`,
        };
  }
  const isRequestSide = (to: string | null, name: string) =>
    name === 'fastify' || name.startsWith('fastify/') || (to?.endsWith('.routes.ts') ?? false);
  if (['service', 'repo', 'schema', 'workflow'].includes(from.role) && isRequestSide(target, specifier))
    return { rule: 'requests', message: `${where}: a ${from.role} never sees a request` };
  if (!target) return null;
  const to = placeOf(target);
  if (target === 'platform/db/client.ts') {
    const allowed =
      from.role === 'repo' ||
      from.role === 'seed' ||
      from.role === 'test' ||
      from.layer === 'harness' ||
      from.layer === 'root' ||
      (from.layer === 'platform' && from.area === 'db');
    if (!allowed)
      return {
        rule: 'database',
        message: `${where}: only repos, seeds, platform/db, the harness and app.ts hold the database (services take repos and the Transactor)`,
      };
  }
  if (from.layer === 'platform' && from.role !== 'test' && (to.layer === 'module' || to.layer === 'root')) {
    const tableList = file === 'platform/db/schema.ts' && to.role === 'schema';
    const known = knownExceptions.some((exception) => exception.file === file && exception.target === target);
    return tableList || known
      ? null
      : { rule: 'platform', message: `${where}: platform/ never imports modules/ or the app` };
  }
  if (from.layer === 'module' && to.layer === 'module' && from.area !== to.area) {
    const allowed =
      (from.role === 'schema' && to.role === 'schema') ||
      // A module's first rows may name another module's first rows (the plans, the plan products).
      (from.role === 'seed' && to.role === 'seed') ||
      to.role === 'service' ||
      (from.role === 'routes' && to.role === 'routes');
    if (!allowed)
      return {
        rule: 'modules',
        message: `${where}: another module is reached through its *.service.ts (a schema may import a schema for a foreign key)`,
      };
  }
  return null;
}

/** Import circles among modules, each named once by its path. */
function moduleCycles(edges: Map<string, Set<string>>): Violation[] {
  const found = new Map<string, string[]>();
  const walk = (module: string, trail: string[]) => {
    const at = trail.indexOf(module);
    if (at >= 0) {
      const cycle = trail.slice(at);
      const start = cycle.indexOf([...cycle].sort()[0] as string);
      const named = [...cycle.slice(start), ...cycle.slice(0, start)];
      found.set(named.join(' → '), named);
      return;
    }
    for (const next of edges.get(module) ?? []) walk(next, [...trail, module]);
  };
  for (const module of edges.keys()) walk(module, []);
  return [...found.values()].map((cycle) => ({
    rule: 'cycles',
    message: `modules import each other in a circle: ${[...cycle, cycle[0]].join(' → ')}`,
  }));
}

/** Every breach of the rules above in a set of files. */
export function checkArchitecture(files: SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  const moduleEdges = new Map<string, Set<string>>();
  const present = new Set(files.map((file) => file.path));
  for (const file of files) {
    const from = placeOf(file.path);
    for (const imported of importsOf(file)) {
      const violation = judge(file.path, from, imported);
      if (violation) violations.push(violation);
      const to = imported.target ? placeOf(imported.target) : null;
      if (
        from.layer === 'module' &&
        from.role !== 'test' &&
        to?.layer === 'module' &&
        to.area !== from.area
      ) {
        moduleEdges.set(from.area, (moduleEdges.get(from.area) ?? new Set()).add(to.area));
      }
    }
    if (file.path.endsWith('.routes.ts'))
      violations.push(...longHandlers(file, 30), ...unmarkedSignedInRoutes(file));
  }
  for (const exception of knownExceptions) {
    const source = files.find((file) => file.path === exception.file);
    const stillThere = source && importsOf(source).some((imported) => imported.target === exception.target);
    if (present.has(exception.file) && !stillThere)
      violations.push({
        rule: 'platform',
        message: `${exception.file} no longer imports ${exception.target}: remove it from knownExceptions`,
      });
  }
  return [...violations, ...moduleCycles(moduleEdges)];
}

function readTree(root: string, dir = root): SourceFile[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : readTree(root, full);
    if (!entry.name.endsWith('.ts')) return [];
    return [{ path: path.relative(root, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') }];
  });
}

const rules: Rule[] = [
  'drizzle',
  'database',
  'modules',
  'requests',
  'cycles',
  'platform',
  'handlers',
  'signedIn',
];

describe('the server architecture', () => {
  const tree = readTree(path.dirname(fileURLToPath(import.meta.url)));
  const found = checkArchitecture(tree);
  it.each(rules)('keeps the %s rule', (rule) => {
    expect(
      found.filter((violation) => violation.rule === rule).map((violation) => violation.message),
    ).toEqual([]);
  });

  it('mocks no module in its tests: their files share one module graph (vitest.config.ts, isolate)', () => {
    // A mock would replace the module only where no earlier file of the worker had loaded it.
    const mocking = tree.filter(
      (file) => file.path.endsWith('.test.ts') && /\bvi\.(do)?mock\(/.test(file.text),
    );
    expect(mocking.map((file) => file.path)).toEqual([]);
  });
});

describe('the architecture check', () => {
  const service = 'modules/shop/shop.service.ts';
  const check = (files: Record<string, string>) =>
    checkArchitecture(Object.entries(files).map(([file, text]) => ({ path: file, text })));

  it('names a service that imports drizzle-orm or holds the database', () => {
    const found = check({
      [service]:
        "import { eq } from 'drizzle-orm';\nimport type { Db } from '../../platform/db/client.ts';\n",
    });
    expect(found).toEqual([
      expect.objectContaining({ rule: 'drizzle', message: expect.stringContaining(`${service}:1`) }),
      expect.objectContaining({ rule: 'database', message: expect.stringContaining(`${service}:2`) }),
    ]);
  });

  it('lets a repo and a schema use drizzle-orm, and a test open a database', () => {
    expect(
      check({
        'modules/shop/shop.repo.ts':
          "import { eq } from 'drizzle-orm';\nimport '../../platform/db/client.ts';",
        'modules/shop/shop.schema.ts': "import { pgTable } from 'drizzle-orm/pg-core';",
        'modules/shop/shop.test.ts': "import { openDatabase } from '../../platform/db/client.ts';",
      }),
    ).toEqual([]);
  });

  it("refuses another module's repo, schema or internals, and allows its service and a foreign key", () => {
    const found = check({
      [service]: [
        "import type { UserRow } from '../users/users.repo.ts';",
        "import { users } from '../users/users.schema.ts';",
        "import { mail } from '../users/users.messages.ts';",
        "import type { UsersService } from '../users/users.service.ts';",
      ].join('\n'),
      'modules/shop/shop.schema.ts': "import { users } from '../users/users.schema.ts';",
      'modules/shop/shop.test.ts': "const { users } = await import('../users/users.schema.ts');",
    });
    expect(found.map((violation) => `${violation.rule} ${violation.message.split(' ')[0]}`)).toEqual([
      `modules ${service}:1`,
      `modules ${service}:2`,
      `modules ${service}:3`,
      'modules modules/shop/shop.test.ts:1',
    ]);
  });

  it('finds a circle of modules, and a service that sees a request', () => {
    const found = check({
      [service]: "import type { FastifyRequest } from 'fastify';\nimport '../users/users.service.ts';",
      'modules/users/users.service.ts': "import '../cart/cart.service.ts';",
      'modules/cart/cart.service.ts': "import '../shop/shop.service.ts';",
    });
    expect(found.map((violation) => violation.message)).toEqual([
      `${service}:1 imports fastify: a service never sees a request`,
      'modules import each other in a circle: cart → shop → users → cart',
    ]);
  });

  it('keeps platform/ free of modules, but for the table list', () => {
    const found = check({
      'platform/payments/payments.port.ts':
        "import type { Order } from '../../modules/orders/orders.service.ts';",
      'platform/db/schema.ts': "export * from '../../modules/users/users.schema.ts';",
    });
    expect(found).toEqual([expect.objectContaining({ rule: 'platform' })]);
  });

  it('measures route handlers', () => {
    const body = Array.from({ length: 30 }, (_, i) => `  const a${i} = ${i};`).join('\n');
    const found = check({
      'modules/shop/shop.routes.ts': `api.post('/long', {}, async (request) => {\n${body}\n});\napi.get('/short', async () => 1);`,
    });
    expect(found).toEqual([
      {
        rule: 'handlers',
        message:
          'modules/shop/shop.routes.ts:1 has a 32-line route handler (at most 30): move the rules into the service',
      },
    ]);
  });

  it('finds routes that need a user without saying so', () => {
    const found = check({
      'modules/shop/shop.routes.ts': [
        "api.post('/mine', { schema: {} }, (request) => list(requireUser(request).id));",
        "api.post('/marked', { ...signedIn, schema: {} }, (request) => list(requireUser(request).id));",
        "api.post('/cart', { schema: {} }, (request) => cart.fetch(cartViewerOf(request)));",
        "api.post('/open', { schema: {} }, (request) => list(request.user?.id));",
      ].join('\n'),
    });
    expect(found.map((violation) => violation.message)).toEqual([
      'modules/shop/shop.routes.ts:1 needs a user but lacks ...signedIn in its options: a signed-out call would get 400 before 401',
      'modules/shop/shop.routes.ts:3 needs a user but lacks ...signedIn in its options: a signed-out call would get 400 before 401',
    ]);
  });
});
