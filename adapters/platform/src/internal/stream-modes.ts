/** How streamed content is handed out: as received, per letter or per word. */
export type StreamMode = 'chunk' | 'letter' | 'word';

/** Cuts streamed text into pieces; joined, the pieces are always exactly the text received. */
export interface Splitter {
  push(text: string): string[];
  /** What is left when the stream ends. */
  flush(): string[];
}

// A word is complete once the next one starts: only then is its trailing whitespace known.
const COMPLETE_WORD = /^\s*\S+\s+(?=\S)/;

export function splitter(mode: StreamMode = 'chunk'): Splitter {
  if (mode === 'letter') return { push: (text) => Array.from(text), flush: () => [] };
  if (mode === 'chunk') return { push: (text) => (text ? [text] : []), flush: () => [] };
  let pending = '';
  return {
    push(text) {
      pending += text;
      const words: string[] = [];
      for (let match = COMPLETE_WORD.exec(pending); match; match = COMPLETE_WORD.exec(pending)) {
        words.push(match[0]);
        pending = pending.slice(match[0].length);
      }
      return words;
    },
    flush() {
      const rest = pending;
      pending = '';
      return rest ? [rest] : [];
    },
  };
}
