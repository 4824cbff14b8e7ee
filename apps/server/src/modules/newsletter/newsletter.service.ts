import { randomUUID } from 'node:crypto';
import { blogPostPath, emailSchema, type Language } from '@cutout/contracts';
import type { Transactor } from '../../platform/db/transactions.ts';
import { DomainError } from '../../platform/errors.ts';
import { localized } from '../../platform/localized.ts';
import type { Mailer } from '../../platform/messaging/messaging.port.ts';
import { type RateLimiter, refuseWhenLimited } from '../../platform/rate-limit.ts';
import { hashToken, newToken } from '../../platform/secrets.ts';
import type { PagesService } from '../pages/pages.service.ts';
import type { NewsletterRepo, SubscriberRow } from './newsletter.repo.ts';

export const newsletterPolicy = {
  /** How long a confirmation link works. */
  confirmLifetimeMs: 48 * 3_600_000,
  /** Subscriptions one address may ask for: each sends a mail to someone. */
  requestsPerAddress: { limit: 5, windowMs: 60 * 60_000 },
  /** Confirmation mails one e-mail address may get. */
  mailsPerEmail: { limit: 3, windowMs: 60 * 60_000 },
  /** Subscribers mailed per database page while announcing a post. */
  batch: 200,
};

const texts = {
  en: {
    confirmSubject: 'Confirm your subscription to the Cutout blog',
    confirm: (link: string) =>
      `Someone (we hope you) asked to receive new posts of the Cutout blog at this address.\n\nConfirm the subscription: ${link}\n\nThe link works for 48 hours. If it was not you, ignore this mail: nothing will be sent.`,
    post: (title: string, preview: string, link: string) => `${title}\n\n${preview}\n\nRead it: ${link}`,
    unsubscribe: (link: string) =>
      `You get this mail because you subscribed to the Cutout blog. Unsubscribe: ${link}`,
  },
  ru: {
    confirmSubject: 'Подтвердите подписку на блог Cutout',
    confirm: (link: string) =>
      `Кто-то (надеемся, вы) попросил присылать новые статьи блога Cutout на этот адрес.\n\nПодтвердите подписку: ${link}\n\nСсылка действует 48 часов. Если это были не вы, просто не отвечайте: писем не будет.`,
    post: (title: string, preview: string, link: string) => `${title}\n\n${preview}\n\nЧитать: ${link}`,
    unsubscribe: (link: string) =>
      `Вы получили это письмо, потому что подписаны на блог Cutout. Отписаться: ${link}`,
  },
} satisfies Record<Language, unknown>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const linkified = (text: string) =>
  text
    .split('\n\n')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/(https?:\/\/\S+)/g, '<a href="$1">$1</a>')}</p>`)
    .join('');

/**
 * The blog's news subscription (issue 16): subscribe (double opt-in: a confirmation mail, the
 * address counts once confirmed), confirm, unsubscribe (a link in every mail), and a job that mails
 * each new post once to every confirmed subscriber in their language.
 */
export function createNewsletterService(deps: {
  repo: NewsletterRepo;
  transactor: Pick<Transactor, 'run'>;
  pages: Pick<PagesService, 'unannounced' | 'markAnnounced'>;
  mailer: Mailer;
  limiter: RateLimiter;
  siteUrl: string;
  log: { error(details: object, message: string): void };
  now: () => Date;
}) {
  const { repo } = deps;
  const unsubscribeLink = (subscriber: SubscriberRow) =>
    `${deps.siteUrl}/${subscriber.language}/blog/subscription/unsubscribe?token=${encodeURIComponent(subscriber.unsubscribeToken)}`;

  async function sendConfirmation(subscriber: SubscriberRow, token: string) {
    const t = texts[subscriber.language as Language] ?? texts.en;
    const link = `${deps.siteUrl}/${subscriber.language}/blog/subscription/confirm?token=${encodeURIComponent(token)}`;
    const text = t.confirm(link);
    await deps.mailer.send({ to: subscriber.email, subject: t.confirmSubject, text, html: linkified(text) });
  }

  return {
    /**
     * Asks for the subscription: a confirmation mail goes to the address (again, with a new link,
     * when it is pending or was unsubscribed). An address already confirmed gets nothing and the
     * answer is the same, so the call tells no one who is subscribed.
     */
    async subscribe(input: { email: string; language: Language; client: string }): Promise<void> {
      const parsed = emailSchema.safeParse(input.email);
      if (!parsed.success) throw new DomainError('VALIDATION_ERROR', { details: { field: 'email' } });
      const email = parsed.data;
      refuseWhenLimited(
        await deps.limiter.hit(`news:ip:${input.client}`, newsletterPolicy.requestsPerAddress),
      );
      const token = newToken();
      const subscriber = await deps.transactor.run(async () => {
        const now = deps.now();
        const found = await repo.byEmail(email);
        if (found?.state === 'confirmed') return null;
        const pending = {
          language: input.language,
          state: 'pending' as const,
          confirmTokenHash: hashToken(token),
          confirmExpiresAt: new Date(now.getTime() + newsletterPolicy.confirmLifetimeMs),
        };
        return found
          ? repo.update(found.id, pending)
          : repo.insert({
              id: randomUUID(),
              email,
              unsubscribeToken: newToken(),
              createdAt: now,
              ...pending,
            });
      });
      if (!subscriber) return;
      if (!(await deps.limiter.hit(`news:email:${email}`, newsletterPolicy.mailsPerEmail)).allowed) return;
      await sendConfirmation(subscriber, token);
    },

    /**
     * Confirms by the link's token: 'confirmed', also when the link is opened again (the token's
     * hash stays with the confirmed address until it unsubscribes or asks anew), or 'expired' for
     * an old or unknown link.
     */
    async confirm(token: string): Promise<'confirmed' | 'expired'> {
      return deps.transactor.run(async () => {
        const subscriber = token ? await repo.byConfirmHash(hashToken(token)) : null;
        if (subscriber?.state === 'confirmed') return 'confirmed';
        if (!subscriber?.confirmExpiresAt || subscriber.confirmExpiresAt <= deps.now()) return 'expired';
        await repo.update(subscriber.id, {
          state: 'confirmed',
          confirmedAt: deps.now(),
          confirmExpiresAt: null,
          unsubscribedAt: null,
        });
        return 'confirmed';
      });
    },

    /** Takes the address off the list by its unsubscribe token; an unknown token changes nothing. */
    async unsubscribe(token: string): Promise<boolean> {
      const subscriber = token ? await repo.byUnsubscribeToken(token) : null;
      if (!subscriber) return false;
      if (subscriber.state !== 'unsubscribed') {
        await repo.update(subscriber.id, {
          state: 'unsubscribed',
          unsubscribedAt: deps.now(),
          confirmTokenHash: null,
        });
      }
      return true;
    },

    /**
     * The job: each published post not announced yet is mailed to every confirmed subscriber, in
     * their language, each delivery recorded first so that no one gets a post twice; then the post
     * is marked announced. Answers how many mails went out.
     */
    async announce(): Promise<number> {
      let sent = 0;
      for (const post of await deps.pages.unannounced()) {
        let after = '';
        for (;;) {
          const subscribers = await repo.confirmed(after, newsletterPolicy.batch);
          if (subscribers.length === 0) break;
          for (const subscriber of subscribers) {
            after = subscriber.id;
            if (!(await repo.recordDelivery(post.id, subscriber.id, deps.now()))) continue;
            const language = subscriber.language as Language;
            const t = texts[language] ?? texts.en;
            const title = localized(post.title, language);
            const link = `${deps.siteUrl}${blogPostPath(language, { slugifyId: post.id, slugifyName: localized(post.slugName, language) })}`;
            const text = `${t.post(title, localized(post.preview, language), link)}\n\n${t.unsubscribe(unsubscribeLink(subscriber))}`;
            try {
              await deps.mailer.send({ to: subscriber.email, subject: title, text, html: linkified(text) });
              sent += 1;
            } catch (error) {
              deps.log.error(
                { err: error, postId: post.id, subscriberId: subscriber.id },
                'a news mail failed',
              );
            }
          }
        }
        await deps.pages.markAnnounced(post.id);
      }
      return sent;
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
