import { createHash } from 'node:crypto';
import { languages } from '@cutout/contracts';
import sharp from 'sharp';
import type { Db } from '../../platform/db/client.ts';
import { createTransactor } from '../../platform/db/transactions.ts';
import type { FilesService } from '../files/files.service.ts';
import { type PageSource, readPageSources } from './pages.content.ts';
import { createPagesRepo } from './pages.repo.ts';

/**
 * Writes the pages the product ships with (`content/`): a page whose source changed since it was
 * seeded (or that is new) is written, its cover rendered to a 1200×630 PNG in the files module; one
 * whose slug name changed keeps its old address for a redirect. Unchanged pages are left alone, so
 * their updatedAt (the sitemap's lastmod, a store page's "last updated") moves only when their text
 * does: to the edition date the text states (every store page states one), else to the time of
 * writing. Answers how many it wrote.
 */
export async function seedPages(
  db: Db,
  options: { files?: Pick<FilesService, 'put'>; sources?: PageSource[]; now?: () => Date } = {},
): Promise<number> {
  const transactor = createTransactor(db);
  const repo = createPagesRepo(transactor);
  const now = options.now ?? (() => new Date());
  let written = 0;
  for (const source of options.sources ?? readPageSources()) {
    const hash = createHash('sha256').update(JSON.stringify(source)).digest('hex');
    const existing = await repo.find(source.id);
    if (existing?.seedHash === hash) continue;
    // Outside the transaction: the files service keeps its own unit of work.
    const image =
      source.coverSvg && options.files
        ? await options.files.put({
            bytes: await sharp(Buffer.from(source.coverSvg)).resize(1200, 630).png().toBuffer(),
            mime: 'image/png',
          })
        : null;
    await transactor.run(async () => {
      const at = now();
      for (const language of languages) {
        const before = existing?.slugName[language];
        if (before && before !== source.slugName[language]) {
          await repo.rememberSlug({
            language,
            slug: `${source.id}/${before}`,
            pageId: source.id,
            createdAt: at,
          });
        }
      }
      await repo.upsert({
        id: source.id,
        type: source.type,
        title: source.title,
        slugName: source.slugName,
        preview: source.preview,
        content: source.content,
        description: source.description,
        keywords: source.keywords,
        primaryImageFileId: image?.id ?? existing?.primaryImageFileId ?? null,
        published: true,
        seedHash: hash,
        createdAt: source.createdAt,
        updatedAt: source.updatedAt ?? at,
      });
    });
    written += 1;
  }
  return written;
}
