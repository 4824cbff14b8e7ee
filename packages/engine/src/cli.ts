// Command-line cut-out with the engine's options:
//   npx tsx packages/engine/src/cli.ts in.jpg out.png [--size full|preview] [--channels rgba|alpha]
//     [--bg-color red] [--bg-image bg.jpg] [--crop] [--crop-margin "10px 5%"]
//     [--format png|jpg|webp|avif|zip|auto] [--output-format image|json] [--type person] [--type-level 2]
//     [--scale 80%] [--position "50% 100%"] [--roi "10% 0% 90% 100%"] [--add-shadow]
//     [--no-semitransparency] [--model model.onnx]
// The format defaults to the output file's extension. Exit codes: 0 done, 1 refused input, 2 usage.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createEngine, EngineError, parseRemovalOptions } from './index.ts';

const USAGE = `usage: cli.ts INPUT OUTPUT [--size full|preview|medium|hd] [--channels rgba|alpha] [--bg-color COLOUR]
  [--bg-image FILE] [--crop] [--crop-margin "10px 5%"] [--format png|jpg|webp|avif|zip|auto]
  [--output-format image|json] [--type auto|person|product|car|animal|graphics|other] [--type-level 1]
  [--scale 10%..100%|original] [--position original|center|"X% Y%"] [--roi "x1 y1 x2 y2"]
  [--add-shadow] [--no-semitransparency] [--model FILE.onnx]   (OUTPUT "-" writes to stdout)`;

const EXTENSIONS: Record<string, string> = {
  '.png': 'png',
  '.jpg': 'jpg',
  '.jpeg': 'jpg',
  '.webp': 'webp',
  '.avif': 'avif',
  '.zip': 'zip',
};

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      size: { type: 'string' },
      channels: { type: 'string' },
      'bg-color': { type: 'string' },
      'bg-image': { type: 'string' },
      crop: { type: 'boolean' },
      'crop-margin': { type: 'string' },
      format: { type: 'string' },
      'output-format': { type: 'string' },
      type: { type: 'string' },
      'type-level': { type: 'string' },
      scale: { type: 'string' },
      position: { type: 'string' },
      roi: { type: 'string' },
      'add-shadow': { type: 'boolean' },
      'no-semitransparency': { type: 'boolean' },
      model: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [input, output] = positionals;
  if (values.help || !input || !output) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const format = values.format ?? EXTENSIONS[path.extname(output).toLowerCase()];
  // Validate before loading the model, so that a typo fails in milliseconds.
  const options = parseRemovalOptions({
    size: values.size,
    channels: values.channels,
    bg_color: values['bg-color'],
    bg_image: values['bg-image'] ? await readFile(values['bg-image']) : undefined,
    crop: values.crop,
    crop_margin: values['crop-margin'],
    format,
    output_format: values['output-format'] ?? (path.extname(output) === '.json' ? 'json' : undefined),
    type: values.type,
    type_level: values['type-level'],
    scale: values.scale,
    position: values.position,
    roi: values.roi,
    add_shadow: values['add-shadow'],
    semitransparency: values['no-semitransparency'] ? false : undefined,
  });
  const engine = await createEngine({
    warmup: false,
    ...(values.model && { model: { path: values.model } }),
  });
  try {
    const result = await engine.remove(await readFile(input), { ...options });
    if (output === '-') process.stdout.write(result.bytes);
    else await writeFile(output, result.bytes);
    const box = result.foreground;
    console.error(
      `${result.width}x${result.height} ${result.format}, subject at ${box.x},${box.y} ${box.width}x${box.height}, ${result.timings.total} ms`,
    );
    return 0;
  } finally {
    await engine.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof EngineError) {
      console.error(`error ${err.code}: ${err.message}`);
      process.exitCode = 1;
    } else {
      console.error(err);
      process.exitCode = 1;
    }
  },
);
