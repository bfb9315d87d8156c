const ROWS: ReadonlyArray<[string, string]> = [
  ['{{name}}', 'Short text, required.'],
  ['{{notes:long}}', 'Long text (several lines), required.'],
  ['{{language;default=English}}', 'Optional: left empty, the default is used.'],
  ['{{tone:choice=formal|casual|playful}}', 'A choice list; the first option is the default.'],
  ['{{tone:choice=formal|casual;default=casual}}', 'A choice list with another default.'],
];

/** How variables are written, shown on the templates page and beside the editor. */
export function SyntaxHelp({ open = false }: { open?: boolean }) {
  return (
    <details open={open} className="rounded-xl border border-line bg-surface/60 p-3 text-sm">
      <summary className="cursor-pointer font-medium">How to write variables</summary>
      <table className="mt-3 w-full table-fixed text-left">
        <tbody>
          {ROWS.map(([syntax, meaning]) => (
            <tr key={syntax} className="align-top">
              <td className="w-1/2 py-1 pr-3">
                <code className="rounded bg-surface-2 px-1 text-xs break-all">{syntax}</code>
              </td>
              <td className="py-1 text-fg-muted">{meaning}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-fg-muted">
        Names start with a letter, then letters, digits or _. Writing <code>{'{{tone}}'}</code>{' '}
        again repeats a variable defined elsewhere. Anything else between <code>{'{{ }}'}</code>{' '}
        stays as typed and is marked in the editor.
      </p>
    </details>
  );
}
