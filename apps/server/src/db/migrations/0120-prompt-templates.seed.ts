// The public library's first templates, written by us and seeded once by migration 0120.
// Ids are fixed so a fresh database and an old one name the same template the same way.

export const SEED_CATEGORIES = [
  { id: 'cat_writing', name: 'Writing' },
  { id: 'cat_coding', name: 'Coding' },
  { id: 'cat_analysis', name: 'Analysis' },
  { id: 'cat_learning', name: 'Learning' },
  { id: 'cat_work', name: 'Work' },
] as const;

type CategoryId = (typeof SEED_CATEGORIES)[number]['id'];

export interface SeedTemplate {
  id: string;
  title: string;
  description: string;
  category: CategoryId;
  tags: string[];
  featured?: boolean;
  body: string;
}

export const SEED_TEMPLATES: SeedTemplate[] = [
  {
    id: 'tpl_seed_rewrite_tone',
    title: 'Rewrite in another tone',
    description: 'Keeps the meaning, changes the voice.',
    category: 'cat_writing',
    tags: ['editing', 'tone'],
    featured: true,
    body: `Rewrite the text below in a {{tone:choice=friendly|formal|confident|concise|playful;default=friendly}} tone.

Keep every fact, name and number exactly as it is. Do not add claims that are not in the original. Keep roughly the same length unless the tone calls for fewer words. Return only the rewritten text.

Text:
"""
{{text:long}}
"""`,
  },
  {
    id: 'tpl_seed_proofread',
    title: 'Proofread and explain the fixes',
    description: 'Corrects grammar, spelling and clarity, then lists what changed and why.',
    category: 'cat_writing',
    tags: ['editing', 'grammar'],
    body: `Proofread the following text written in {{language;default=English}}.

1. Return the corrected text first, keeping my voice and structure.
2. Then list each change as "original → corrected: reason" (one line each).
3. Flag any sentence whose meaning is ambiguous instead of guessing.

Text:
"""
{{text:long}}
"""`,
  },
  {
    id: 'tpl_seed_blog_outline',
    title: 'Blog post outline',
    description: 'A structured outline with a hook, sections and a call to action.',
    category: 'cat_writing',
    tags: ['blog', 'outline', 'content'],
    body: `Create an outline for a blog post about "{{topic}}" for {{audience}}.

Length target: {{length:choice=short (600 words)|medium (1,200 words)|long (2,000+ words);default=medium (1,200 words)}}.

Include:
- three title options (one plain, one curious, one with a number)
- a two-sentence hook
- 4–7 section headings, each with 2–3 bullet points of what it covers and one concrete example to use
- a closing section with a clear call to action
- the one question readers are most likely to ask afterwards, and where the post answers it`,
  },
  {
    id: 'tpl_seed_email_reply',
    title: 'Reply to an email',
    description: 'Drafts a clear reply that answers every point.',
    category: 'cat_work',
    tags: ['email', 'communication'],
    featured: true,
    body: `Draft a reply to the email below.

What I want to say: {{intent:long}}
Tone: {{tone:choice=warm|neutral|firm|apologetic;default=neutral}}

Answer every question the sender asked, in their order. Keep it under 180 words unless a point needs more. End with a clear next step. Give me a subject line if the thread needs a new one.

Email:
"""
{{email:long}}
"""`,
  },
  {
    id: 'tpl_seed_summarise',
    title: 'Summarise for a busy reader',
    description: 'TL;DR, key points and open questions from any text.',
    category: 'cat_analysis',
    tags: ['summary', 'reading'],
    featured: true,
    body: `Summarise the text below for {{reader;default=a busy colleague who has two minutes}}.

Format:
- **TL;DR**: one sentence.
- **Key points**: at most {{points:choice=3|5|7;default=5}} bullets, most important first, each with the number or fact that supports it.
- **Open questions**: what the text leaves unclear or unsupported.

Do not add information that is not in the text.

"""
{{text:long}}
"""`,
  },
  {
    id: 'tpl_seed_code_review',
    title: 'Code review',
    description: 'Finds bugs, risks and readability issues, ordered by severity.',
    category: 'cat_coding',
    tags: ['review', 'quality'],
    featured: true,
    body: `Review this {{language}} code as a senior engineer would.

Context: {{context:long;default=No extra context.}}

Report, ordered by severity (bug → security → performance → readability):
- the line or snippet concerned
- what is wrong and what could happen because of it
- a concrete fix (code where it helps)

Finish with what is done well, in one or two lines. Do not rewrite the whole file.

\`\`\`
{{code:long}}
\`\`\``,
  },
  {
    id: 'tpl_seed_explain_code',
    title: 'Explain this code',
    description: 'A walkthrough pitched at the reader’s level.',
    category: 'cat_coding',
    tags: ['explain', 'onboarding'],
    body: `Explain what the code below does for a reader who is {{level:choice=new to programming|comfortable with another language|experienced in this language;default=comfortable with another language}}.

Start with one paragraph on its purpose, then walk through it block by block, then point out anything surprising (side effects, edge cases, performance traps).

\`\`\`
{{code:long}}
\`\`\``,
  },
  {
    id: 'tpl_seed_write_tests',
    title: 'Write unit tests',
    description: 'Tests for the happy path, edge cases and failures.',
    category: 'cat_coding',
    tags: ['testing'],
    body: `Write unit tests for the code below using {{framework}}.

Cover: the normal case, boundaries (empty, one, many, limits), invalid input and error paths. Each test name should say the behaviour it checks. Do not mock the code under test; fake only outside systems (network, clock, filesystem). After the tests, list any behaviour you could not test and why.

\`\`\`
{{code:long}}
\`\`\``,
  },
  {
    id: 'tpl_seed_debug_error',
    title: 'Debug an error',
    description: 'Likely causes, how to confirm each, and the fix.',
    category: 'cat_coding',
    tags: ['debugging'],
    body: `I get this error:

\`\`\`
{{error:long}}
\`\`\`

Relevant code or setup:
\`\`\`
{{code:long;default=(none given)}}
\`\`\`

What I expected: {{expected}}

List the most likely causes, most likely first. For each: why it fits the error, a quick way to confirm it, and the fix. If information is missing, say exactly what to run or show next.`,
  },
  {
    id: 'tpl_seed_sql_query',
    title: 'Write a SQL query',
    description: 'A query from a plain-language question and a schema.',
    category: 'cat_coding',
    tags: ['sql', 'data'],
    body: `Write a {{dialect:choice=PostgreSQL|SQLite|MySQL|SQL Server;default=PostgreSQL}} query that answers: {{question}}

Schema:
\`\`\`
{{schema:long}}
\`\`\`

Explain the query in a few lines, state any assumption about the data (nulls, duplicates, time zones), and suggest an index if the query would scan a large table.`,
  },
  {
    id: 'tpl_seed_commit_message',
    title: 'Commit message from a diff',
    description: 'A clear subject line and body from your changes.',
    category: 'cat_coding',
    tags: ['git'],
    body: `Write a commit message for this diff.

Subject: imperative, at most 72 characters, says what changed (not how). Body: why the change was needed and anything a reviewer should know, wrapped at 72 columns. No bullet list of files.

\`\`\`diff
{{diff:long}}
\`\`\``,
  },
  {
    id: 'tpl_seed_pros_cons',
    title: 'Decision: options compared',
    description: 'Weighs options against your criteria and recommends one.',
    category: 'cat_analysis',
    tags: ['decision', 'strategy'],
    body: `Help me decide: {{decision}}

Options:
{{options:long}}

What matters most to me: {{criteria:long}}

Compare the options in a table against each criterion, then list the biggest risk of each, then recommend one and say what would change your recommendation. Be direct.`,
  },
  {
    id: 'tpl_seed_data_insights',
    title: 'Find insights in data',
    description: 'Trends, outliers and next questions from a table or CSV.',
    category: 'cat_analysis',
    tags: ['data', 'csv'],
    body: `Analyse the data below. Goal: {{goal}}

1. Describe what the data contains (columns, rows, time span) in two sentences.
2. List the 3–5 most important findings, each with the numbers behind it.
3. Point out outliers or data quality problems.
4. Suggest the next three questions worth asking, and the chart that would answer each.

Do not invent values; say when the data is not enough.

\`\`\`
{{data:long}}
\`\`\``,
  },
  {
    id: 'tpl_seed_swot',
    title: 'SWOT analysis',
    description: 'Strengths, weaknesses, opportunities and threats with actions.',
    category: 'cat_analysis',
    tags: ['strategy', 'business'],
    body: `Do a SWOT analysis of {{subject}} in the context of {{market}}.

For each quadrant give 3–5 specific points (no generic filler). Then give three actions that use a strength to seize an opportunity or counter a threat, with the first step of each.`,
  },
  {
    id: 'tpl_seed_critique_argument',
    title: 'Stress-test an argument',
    description: 'Finds weak assumptions and the strongest counter-argument.',
    category: 'cat_analysis',
    tags: ['critical thinking', 'writing'],
    body: `Stress-test the argument below.

- Restate its main claim in one sentence.
- List the assumptions it depends on and rate each as solid, shaky or unsupported.
- Give the strongest counter-argument a well-informed critic would make.
- Suggest what evidence would make the argument convincing.

"""
{{argument:long}}
"""`,
  },
  {
    id: 'tpl_seed_explain_simply',
    title: 'Explain a concept simply',
    description: 'An explanation with an analogy and a quick check.',
    category: 'cat_learning',
    tags: ['explain', 'study'],
    featured: true,
    body: `Explain {{concept}} to {{audience:choice=a 10-year-old|a high-school student|a university student|a professional from another field;default=a high-school student}}.

Use one everyday analogy, then the precise explanation, then one common misconception and why it is wrong. End with two quick questions I can answer to check I understood (answers hidden at the end).`,
  },
  {
    id: 'tpl_seed_quiz',
    title: 'Quiz me',
    description: 'Practice questions with answers and explanations.',
    category: 'cat_learning',
    tags: ['study', 'quiz'],
    body: `Write {{count:choice=5|10|15;default=5}} {{kind:choice=multiple-choice|short-answer|mixed;default=mixed}} questions on {{topic}} at {{difficulty:choice=beginner|intermediate|advanced;default=intermediate}} level.

Number the questions. Put all answers after the last question, each with a one-sentence explanation of why it is right and, for multiple choice, why the most tempting wrong option is wrong.`,
  },
  {
    id: 'tpl_seed_study_plan',
    title: 'Study plan',
    description: 'A week-by-week plan to learn a skill with milestones.',
    category: 'cat_learning',
    tags: ['study', 'planning'],
    body: `Make a {{weeks:choice=2|4|8|12;default=4}}-week plan to learn {{skill}}.

My starting point: {{level;default=complete beginner}}
Time I have: {{hours;default=5 hours a week}}

For each week: the goal, what to study, one hands-on exercise and how I will know I am ready to move on. Favour free resources and name them. Finish with a small project that proves the skill.`,
  },
  {
    id: 'tpl_seed_feynman',
    title: 'Check my understanding',
    description: 'Reviews your own explanation and finds the gaps.',
    category: 'cat_learning',
    tags: ['study', 'feedback'],
    body: `I am learning {{topic}}. Here is my explanation of it in my own words:

"""
{{my_explanation:long}}
"""

Tell me what I got right, what is wrong or imprecise (quote my words), and what important part I left out. Then ask me one question that would reveal whether I really understand it.`,
  },
  {
    id: 'tpl_seed_meeting_notes',
    title: 'Meeting notes to actions',
    description: 'Decisions, action items with owners, and open questions.',
    category: 'cat_work',
    tags: ['meetings', 'productivity'],
    featured: true,
    body: `Turn these meeting notes into a summary I can send to attendees.

Sections:
- **Decisions** (one line each)
- **Action items** as "owner — task — due date" (write "unassigned" or "no date" when the notes do not say)
- **Open questions**
- **Next meeting** if mentioned

Keep the attendees' own wording for decisions. Notes:
"""
{{notes:long}}
"""`,
  },
  {
    id: 'tpl_seed_status_update',
    title: 'Weekly status update',
    description: 'A concise update for your manager or stakeholders.',
    category: 'cat_work',
    tags: ['reporting', 'communication'],
    body: `Write a weekly status update for {{audience;default=my manager}} about {{project}}.

What happened this week (rough notes): {{notes:long}}

Format: a one-line overall status ({{status:choice=on track|at risk|off track;default=on track}}), then Done, Next, Risks/blockers (with what I need from whom). Under 150 words, no jargon the audience would not know.`,
  },
  {
    id: 'tpl_seed_job_description',
    title: 'Job description',
    description: 'An inclusive job posting with clear requirements.',
    category: 'cat_work',
    tags: ['hiring'],
    body: `Write a job description for a {{role}} at {{company}}.

About the team and work: {{context:long}}
Seniority: {{seniority:choice=junior|mid-level|senior|lead;default=mid-level}}

Include: a two-sentence summary, what they will do in the first six months, must-have vs nice-to-have skills (keep must-haves to five or fewer), and how the hiring process works. Use inclusive, plain language; avoid "rockstar", "ninja" and unnecessary degree requirements.`,
  },
  {
    id: 'tpl_seed_feedback',
    title: 'Give constructive feedback',
    description: 'Specific, kind and actionable feedback for a colleague.',
    category: 'cat_work',
    tags: ['management', 'communication'],
    body: `Help me write feedback for {{person}} about {{situation:long}}.

Use the situation–behaviour–impact structure. Be specific and kind, avoid judging character, and end with one concrete suggestion and an open question that invites their view. Delivery: {{channel:choice=in person|written message;default=in person}}.`,
  },
  {
    id: 'tpl_seed_translate',
    title: 'Translate naturally',
    description: 'A translation that reads like the original, with notes.',
    category: 'cat_writing',
    tags: ['translation', 'language'],
    body: `Translate the text below into {{target_language}}, keeping the {{register:choice=same register as the original|formal register|informal register;default=same register as the original}}.

Translate meaning, not word by word; keep names, numbers and formatting. After the translation, list any idiom or term where you had to choose between meanings, with the alternative.

"""
{{text:long}}
"""`,
  },
];
