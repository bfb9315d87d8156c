/** The quick start's languages, in tab order. */
export const SNIPPET_LANGUAGES = ['curl', 'javascript', 'python'] as const;
export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number];

export const SNIPPET_LABELS: Record<SnippetLanguage, string> = {
  curl: 'curl',
  javascript: 'JavaScript',
  python: 'Python',
};

export interface SnippetOptions {
  /** This app's OpenAI-compatible base URL, e.g. https://parallax.example/v1. */
  baseUrl: string;
  model: string;
  stream: boolean;
}

/** The environment variable the examples read the key from (never pasted into code). */
export const KEY_ENV_VAR = 'PARALLAX_API_KEY';

function curl({ baseUrl, model, stream }: SnippetOptions): string {
  return [
    `curl ${stream ? '-N ' : ''}${baseUrl}/chat/completions \\`,
    `  -H "Authorization: Bearer $${KEY_ENV_VAR}" \\`,
    '  -H "Content-Type: application/json" \\',
    "  -d '{",
    `    "model": "${model}",`,
    `    "messages": [{"role": "user", "content": "Hello!"}]${stream ? ',\n    "stream": true' : ''}`,
    "  }'",
  ].join('\n');
}

function javascript({ baseUrl, model, stream }: SnippetOptions): string {
  const head = [
    "import OpenAI from 'openai';",
    '',
    'const client = new OpenAI({',
    `  apiKey: process.env.${KEY_ENV_VAR},`,
    `  baseURL: '${baseUrl}',`,
    '});',
    '',
  ];
  const call = (name: string) => [
    `const ${name} = await client.chat.completions.create({`,
    `  model: '${model}',`,
    "  messages: [{ role: 'user', content: 'Hello!' }],",
    ...(stream ? ['  stream: true,'] : []),
    '});',
  ];
  return [
    ...head,
    ...(stream
      ? [
          ...call('stream'),
          'for await (const chunk of stream) {',
          "  process.stdout.write(chunk.choices[0]?.delta?.content ?? '');",
          '}',
        ]
      : [...call('completion'), 'console.log(completion.choices[0].message.content);']),
  ].join('\n');
}

function python({ baseUrl, model, stream }: SnippetOptions): string {
  const head = [
    'import os',
    'from openai import OpenAI',
    '',
    `client = OpenAI(api_key=os.environ["${KEY_ENV_VAR}"], base_url="${baseUrl}")`,
    '',
  ];
  const call = (name: string) => [
    `${name} = client.chat.completions.create(`,
    `    model="${model}",`,
    '    messages=[{"role": "user", "content": "Hello!"}],',
    ...(stream ? ['    stream=True,'] : []),
    ')',
  ];
  return [
    ...head,
    ...(stream
      ? [
          ...call('stream'),
          'for chunk in stream:',
          '    print(chunk.choices[0].delta.content or "", end="")',
        ]
      : [...call('completion'), 'print(completion.choices[0].message.content)']),
  ].join('\n');
}

const BUILDERS: Record<SnippetLanguage, (options: SnippetOptions) => string> = {
  curl,
  javascript,
  python,
};

export function quickStartSnippet(language: SnippetLanguage, options: SnippetOptions): string {
  return BUILDERS[language](options);
}

/** The install line shown above a language's example, or null (curl needs nothing). */
export function installCommand(language: SnippetLanguage): string | null {
  if (language === 'javascript') return 'npm install openai';
  if (language === 'python') return 'pip install openai';
  return null;
}
