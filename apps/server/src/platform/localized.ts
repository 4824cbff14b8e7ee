/** A localized text (language → text) in a language: else English, else any, else ''. */
export const localized = (text: Record<string, string>, language: string): string =>
  text[language] ?? text.en ?? Object.values(text)[0] ?? '';
