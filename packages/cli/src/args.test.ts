import { describe, expect, it } from 'vitest';
import { parseCommandLine } from './args.ts';
import { sizeNeedsKey } from './options.ts';

const usage = (argv: string[]) => () => parseCommandLine(argv);

describe('parseCommandLine', () => {
  it('reads help and version in every form', () => {
    expect(parseCommandLine([])).toEqual({ command: 'help' });
    expect(parseCommandLine(['--help'])).toEqual({ command: 'help' });
    expect(parseCommandLine(['help', 'remove'])).toEqual({ command: 'help', topic: 'remove' });
    expect(parseCommandLine(['watch', '--help'])).toEqual({ command: 'help', topic: 'watch' });
    expect(parseCommandLine(['remove', 'a.jpg', '-h'])).toEqual({ command: 'help', topic: 'remove' });
    expect(parseCommandLine(['--version'])).toEqual({ command: 'version' });
    expect(parseCommandLine(['-V'])).toEqual({ command: 'version' });
  });

  it('reads remove with its defaults', () => {
    expect(parseCommandLine(['remove', 'photos', 'b.jpg', '--out', 'out'])).toEqual({
      command: 'remove',
      inputs: ['photos', 'b.jpg'],
      out: 'out',
      concurrency: 2,
      overwrite: false,
      local: false,
      quiet: false,
      settings: { size: 'full' },
      connection: {},
    });
  });

  it('maps every API option to its setting', () => {
    const line = parseCommandLine([
      'remove',
      'a.jpg',
      '-o',
      'out',
      '--size=preview',
      '--type',
      'Product',
      '--type-level',
      '2',
      '--format',
      'jpeg',
      '--bg-color',
      '#81d4fa',
      '--bg-image',
      'https://example.com/bg.jpg',
      '--crop',
      '--crop-margin',
      '10px 5%',
      '--scale',
      '80%',
      '--position',
      '50% 20%',
      '--roi',
      '0% 0% 100% 100%',
      '--channels',
      'alpha',
      '--add-shadow',
      '--no-semitransparency',
      '--concurrency',
      '4',
      '--overwrite',
      '--report',
      'r.json',
      '--api-key',
      'ck_1',
      '--server',
      'http://x:1',
      '-q',
    ]);
    expect(line).toEqual({
      command: 'remove',
      inputs: ['a.jpg'],
      out: 'out',
      concurrency: 4,
      overwrite: true,
      local: false,
      quiet: true,
      report: 'r.json',
      connection: { apiKey: 'ck_1', server: 'http://x:1' },
      settings: {
        size: 'preview',
        type: 'product',
        typeLevel: '2',
        format: 'jpg',
        bgColor: '#81d4fa',
        bgImage: 'https://example.com/bg.jpg',
        crop: true,
        cropMargin: '10px 5%',
        scale: '80%',
        position: '50% 20%',
        roi: '0% 0% 100% 100%',
        channels: 'alpha',
        addShadow: true,
        semitransparency: false,
      },
    });
  });

  it('reads watch, account, login and logout', () => {
    expect(
      parseCommandLine(['watch', 'in', '--out', 'o', '--interval', '0.5', '--settle', '0.2']),
    ).toMatchObject({
      command: 'watch',
      dir: 'in',
      intervalMs: 500,
      settleMs: 200,
    });
    expect(parseCommandLine(['watch', 'in', '--out', 'o'])).toMatchObject({
      intervalMs: 5000,
      settleMs: 1000,
    });
    expect(parseCommandLine(['account', '--json'])).toEqual({
      command: 'account',
      json: true,
      connection: {},
    });
    expect(parseCommandLine(['login', '--api-key', 'k'])).toEqual({
      command: 'login',
      connection: { apiKey: 'k' },
    });
    expect(parseCommandLine(['logout'])).toEqual({ command: 'logout' });
  });

  it.each([
    [['frobnicate'], /unknown command "frobnicate"/],
    [['remove', '--out', 'o'], /no input/],
    [['remove', 'a.jpg'], /--out DIR is required/],
    [['remove', 'a.jpg', '--out', 'o', '--bogus'], /Unknown option '--bogus'/],
    [['remove', 'a.jpg', '--out'], /argument missing/],
    [['remove', 'a.jpg', '--out', 'o', '--size', 'huge'], /--size must be one of/],
    [['remove', 'a.jpg', '--out', 'o', '--format', 'gif'], /--format must be one of/],
    [['remove', 'a.jpg', '--out', 'o', '--channels', 'rgb'], /--channels/],
    [['remove', 'a.jpg', '--out', 'o', '--type', 'cat'], /--type must be one of/],
    [['remove', 'a.jpg', '--out', 'o', '--concurrency', '0'], /--concurrency must be a whole number/],
    [['remove', 'a.jpg', '--out', 'o', '--concurrency', '2.5'], /--concurrency/],
    [['remove', 'a.jpg', '--out', 'o', '--scale', '5%'], /between 10% and 100%/],
    [['remove', 'a.jpg', '--out', 'o', '--scale', 'big'], /--scale takes/],
    [['remove', 'a.jpg', '--out', 'o', '--roi', '1 2 3'], /--roi takes 4 values/],
    [['remove', 'a.jpg', '--out', 'o', '--crop-margin', '1 2 3 4 5'], /--crop-margin/],
    [['remove', 'a.jpg', '--out', 'o', '--position', 'left'], /--position/],
    [['remove', 'a.jpg', '--out', 'o', '--bg-color', 'not a colour'], /--bg-color/],
    [['remove', 'a.jpg', '--out', 'o', '--semitransparency', '--no-semitransparency'], /exclude each other/],
    [['watch', '--out', 'o'], /no folder to watch/],
    [['watch', 'a', 'b', '--out', 'o'], /one folder/],
    [['watch', 'a', '--out', 'o', '--interval', '0'], /--interval must be a positive number/],
    [['account', 'extra'], /Unexpected argument 'extra'/],
    [['logout', '--api-key', 'k'], /Unknown option '--api-key'/],
  ])('refuses %j as a usage error', (argv, message) => {
    expect(usage(argv)).toThrow(message);
    expect(usage(argv)).toThrow(expect.objectContaining({ name: 'UsageError' }));
  });
});

describe('sizeNeedsKey', () => {
  it('is true for the charged sizes only', () => {
    expect(['full', '4k', 'medium', 'hd'].every((size) => sizeNeedsKey(size as 'full'))).toBe(true);
    expect(['preview', 'small', 'regular', 'auto'].some((size) => sizeNeedsKey(size as 'full'))).toBe(false);
  });
});
