import type { ConsoleErrorMessage } from './messages';

function location(entry: ConsoleErrorMessage): string | undefined {
  if (!entry.file) return undefined;
  const file = entry.file.replace(/^https?:\/\/[^/]+/, '');
  return [file, entry.line, entry.column].filter((part) => part !== undefined).join(':');
}

/** One forwarded error as a console row: time, message, where, and the stack behind a toggle. */
export function consoleRow(doc: Document, entry: ConsoleErrorMessage, at: Date): HTMLLIElement {
  const row = doc.createElement('li');
  row.className = entry.message.startsWith('console.error:') ? 'row row-logged' : 'row row-thrown';

  const head = doc.createElement('div');
  head.className = 'row-head';
  const time = doc.createElement('time');
  time.dateTime = at.toISOString();
  time.textContent = at.toLocaleTimeString([], { hour12: false });
  const message = doc.createElement('span');
  message.className = 'row-message';
  message.textContent = entry.message;
  head.append(time, message);
  row.append(head);

  const where = location(entry);
  if (where) {
    const source = doc.createElement('div');
    source.className = 'row-source';
    source.textContent = where;
    row.append(source);
  }
  if (entry.stack) {
    const details = doc.createElement('details');
    const summary = doc.createElement('summary');
    summary.textContent = 'Stack';
    const stack = doc.createElement('pre');
    stack.textContent = entry.stack;
    details.append(summary, stack);
    row.append(details);
  }
  return row;
}
