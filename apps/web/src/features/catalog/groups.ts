import type { ProductGroup } from '../../shared/catalog/catalog-api.ts';

/** A group with the groups under it, in display order. */
export type GroupNode = ProductGroup & { children: GroupNode[] };

const byPriority = (a: ProductGroup, b: ProductGroup) =>
  a.priority - b.priority || a.name.localeCompare(b.name);

/** The groups as a tree; a group whose parent is missing counts as a top group. */
export function groupTree(groups: ProductGroup[]): GroupNode[] {
  const nodes = new Map(groups.map((group) => [group.id, { ...group, children: [] as GroupNode[] }]));
  const roots: GroupNode[] = [];
  for (const node of [...nodes.values()].sort(byPriority)) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The group a route's `:group` names, by id or slug (as the server reads it). */
export function findGroup(groups: ProductGroup[] | undefined, idOrSlug: string | undefined) {
  if (!groups || !idOrSlug) return undefined;
  return groups.find((group) => group.id === idOrSlug || group.slugifyId === idOrSlug);
}

/** The group and those above it, top first: what stays open in the navigation. */
export function groupPath(groups: ProductGroup[], group: ProductGroup | undefined): Set<string> {
  const ids = new Set<string>();
  let current = group;
  while (current && !ids.has(current.id)) {
    ids.add(current.id);
    const parentId = current.parentId;
    current = parentId ? groups.find((candidate) => candidate.id === parentId) : undefined;
  }
  return ids;
}
