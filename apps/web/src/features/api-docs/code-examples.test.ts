import { describe, expect, it } from 'vitest';
import { codeExamples } from './code-examples.ts';

const origin = 'https://cutout.example';
/** Lines that only say something to the reader: comments and what the program prints. */
const spoken = (line: string) => /^\s*(\/\/|#)|console\.(log|error)\(|print\(/.test(line);
/** Comment lines that are code or a command themselves: the same in every language. */
const literal = (line: string) => /^\s*(\/\/ \{"errors"|\/\/ remove-bg\.mjs|# pip install)/.test(line);

describe('code examples', () => {
  it('speak Russian on the Russian page: every comment and printed message, not the code', () => {
    const english = codeExamples(origin, 'en');
    const russian = codeExamples(origin, 'ru');
    expect(russian.map((example) => example.id)).toEqual(english.map((example) => example.id));
    russian.forEach((example, index) => {
      const ru = example.code.split('\n');
      const en = (english[index]?.code ?? '').split('\n');
      expect(ru).toHaveLength(en.length);
      ru.forEach((line, n) => {
        if (!spoken(line) || literal(line)) expect(line).toBe(en[n]);
        else if (/^\s*(\/\/|#)/.test(line)) expect(line, `${example.id}: ${line}`).toMatch(/[а-яё]/i);
      });
    });
    const python = russian.find((example) => example.id === 'python')?.code ?? '';
    expect(python).toContain("print('Сохранено в no-bg.png, списано литров:'");
    expect(python).toContain('# Повтор с тем же ключом никогда не оплачивается дважды.');
  });

  it('stay English on the English page', () => {
    for (const example of codeExamples(origin, 'en')) expect(example.code).not.toMatch(/[а-яё]/i);
  });
});
