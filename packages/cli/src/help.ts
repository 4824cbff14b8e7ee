import type { CommandName } from './args.ts';

const connection = `  --api-key KEY        API key (else CUTOUT_API_KEY, else the one saved by 'cutout login')
  --server URL         service address (else CUTOUT_SERVER, the saved one, http://localhost:3000);
                       /api/v1 is appended unless the URL already ends with an API path`;

const apiOptions = `API options (remove.bg's parameters):
  --size NAME          preview|small|regular (free) | medium|hd|full|4k (1 litre) | auto   [full]
  --type NAME          auto|person|product|car|animal|graphics|other
  --type-level LEVEL   none|1|2|latest
  --format NAME        auto|png|jpg|webp|avif|zip   [the service's choice; the extension follows it]
  --bg-color COLOUR    a name or hex code: white, #ff0000, 81d4fa
  --bg-image FILE|URL  a picture to put behind the subject
  --crop               crop off empty regions   --crop-margin "10px" | "10% 5%" | 4 values
  --scale PERCENT      10%..100% or original     --position original|center|"X%"|"X% Y%"
  --roi "x1 y1 x2 y2"  region of interest, px or %
  --channels NAME      rgba (the cut-out) | alpha (the mask alone)
  --add-shadow         add an artificial shadow
  --no-semitransparency  keep no semi-transparent regions (glass, hair stay opaque or cut)`;

const batch = `  -o, --out DIR        where the results go (required); folders keep their structure below it
  -c, --concurrency N  images at a time [2]; with --local the engine's workers
  --overwrite          redo images whose output already exists (skipped by default)
  --report FILE        write a JSON report: every file, its status, litres, time and error
  --local              run the engine on this machine: no server, no key, no litres
  -q, --quiet          no progress lines, only the summary`;

const texts: Record<CommandName | 'main', { usage: string; details: string }> = {
  main: {
    usage: `usage: cutout <command> [options]

commands:
  remove FILES|GLOBS|FOLDERS --out DIR   cut out every image
  watch DIR --out DIR                    cut out images as they appear in a folder
  account                                show the balance
  login | logout                         save or forget the API key
run 'cutout <command> --help' for its options; 'cutout --version' for the version`,
    details: `
exit codes: 0 all done (or skipped), 1 some files failed or the run was interrupted, 2 usage error`,
  },
  remove: {
    usage: 'usage: cutout remove FILES|GLOBS|FOLDERS --out DIR [options]',
    details: `
Cuts out .jpg .jpeg .png .webp .avif images; folders are walked recursively (hidden files skipped).
The output is the input's name with the result's extension (photo.jpg -> OUT/photo.png).

${batch}
${connection}

${apiOptions}

Ctrl-C: no new images start and those in progress finish; a second Ctrl-C aborts them.
Outputs are written under a temporary name and renamed when complete.

examples:
  cutout remove photos/ --out cutouts/ --report report.json
  cutout remove 'shoot/**/*.jpg' --out out --bg-color white --format jpg --crop --crop-margin 5%
  cutout remove portrait.jpg --out . --local`,
  },
  watch: {
    usage: 'usage: cutout watch DIR --out DIR [options]',
    details: `
Cuts out images already in DIR without an output, then every image that appears in it (once its
size has stopped changing), until Ctrl-C.

${batch}
  --interval SECONDS   rescan the folder this often, besides listening for changes [5]
  --settle SECONDS     a file is sent once its size and time stayed the same this long [1]
${connection}

${apiOptions}

example:
  cutout watch inbox/ --out done/ --size full --format png`,
  },
  account: {
    usage: 'usage: cutout account [--json] [--api-key KEY] [--server URL]',
    details: `
Prints the balance: litres (total, free, paid) and remove.bg-style credits.

  --json               print the account as JSON
${connection}`,
  },
  login: {
    usage: 'usage: cutout login [--api-key KEY] [--server URL]',
    details: `
Checks the key (asked for on standard input when --api-key is not given) and saves it, and the
--server given, to $CUTOUT_CONFIG, else $XDG_CONFIG_HOME/cutout/config.json, else
~/.config/cutout/config.json (readable by you alone).

${connection}`,
  },
  logout: {
    usage: 'usage: cutout logout',
    details: '\nRemoves the saved configuration file (the key and the server).',
  },
};

/** The full help of a command, or of the tool. */
export function helpText(topic?: CommandName): string {
  const text = texts[topic ?? 'main'];
  return `${text.usage}\n${text.details}\n`;
}

/** The one-line usage printed with a usage error. */
export function shortUsage(topic?: CommandName): string {
  const name = topic ? `cutout ${topic} --help` : 'cutout --help';
  return `${texts[topic ?? 'main'].usage}\n(see '${name}')\n`;
}
