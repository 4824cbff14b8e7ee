/** Ready-to-run examples of POST /api/v1/removebg against `origin`, one per language tab. */
export interface CodeExample {
  id: 'curl' | 'node' | 'python';
  title: string;
  code: string;
}

export const apiKeyPlaceholder = 'YOUR_API_KEY';

export function codeExamples(origin: string): CodeExample[] {
  const endpoint = `${origin}/api/v1/removebg`;
  return [
    {
      id: 'curl',
      title: 'cURL',
      code: `curl -X POST "${endpoint}" \\
  -H "X-Access-Token: ${apiKeyPlaceholder}" \\
  -F "image_file=@photo.jpg" \\
  -F "size=full" \\
  -F "format=png" \\
  -o no-bg.png`,
    },
    {
      id: 'node',
      title: 'Node.js',
      code: `// remove-bg.mjs (Node.js 20+): node remove-bg.mjs
import { readFile, writeFile } from 'node:fs/promises';

const form = new FormData();
const photo = new Blob([await readFile('photo.jpg')], { type: 'image/jpeg' });
form.append('image_file', photo, 'photo.jpg');
form.append('size', 'full');
form.append('format', 'png');

const response = await fetch('${endpoint}', {
  method: 'POST',
  headers: { 'X-Access-Token': '${apiKeyPlaceholder}' },
  body: form,
});
if (!response.ok) {
  throw new Error(\`\${response.status}: \${await response.text()}\`);
}
await writeFile('no-bg.png', Buffer.from(await response.arrayBuffer()));
console.log('Saved no-bg.png, litres charged:', response.headers.get('x-credits-charged'));`,
    },
    {
      id: 'python',
      title: 'Python',
      code: `# pip install requests
import requests

with open('photo.jpg', 'rb') as photo:
    response = requests.post(
        '${endpoint}',
        headers={'X-Access-Token': '${apiKeyPlaceholder}'},
        files={'image_file': photo},
        data={'size': 'full', 'format': 'png'},
        timeout=120,
    )

if response.ok:
    with open('no-bg.png', 'wb') as out:
        out.write(response.content)
    print('Saved no-bg.png, litres charged:', response.headers.get('X-Credits-Charged'))
else:
    print('Error', response.status_code, response.text)`,
    },
  ];
}

/** GET /api/v1/account with curl. */
export function accountExample(origin: string): string {
  return `curl "${origin}/api/v1/account" \\
  -H "X-Access-Token: ${apiKeyPlaceholder}"`;
}
