// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { listenForMessages, originOf } from './message-origin';

const Ping = z.object({ type: z.literal('ping') });
const removers: (() => void)[] = [];
afterEach(() => removers.splice(0).forEach((remove) => remove()));

function post(data: unknown, origin: string, source: MessageEventSource | null = null) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

describe('listenForMessages', () => {
  it('delivers a message from the expected origin and ignores any other origin', () => {
    const onMessage = vi.fn();
    removers.push(
      listenForMessages(window, {
        origins: () => ['https://auth.example.test'],
        schema: Ping,
        onMessage,
      }),
    );
    post({ type: 'ping' }, 'https://evil.example.test');
    post({ type: 'ping' }, 'https://auth.example.test.evil.test');
    post({ type: 'ping' }, 'null');
    expect(onMessage).not.toHaveBeenCalled();
    post({ type: 'ping' }, 'https://auth.example.test');
    expect(onMessage).toHaveBeenCalledTimes(1);
  });

  it('ignores a right-origin message of the wrong shape', () => {
    const onMessage = vi.fn();
    removers.push(
      listenForMessages(window, { origins: () => ['https://a.test'], schema: Ping, onMessage }),
    );
    post({ type: 'pong' }, 'https://a.test');
    post('ping', 'https://a.test');
    expect(onMessage).not.toHaveBeenCalled();
  });

  it('with sources, accepts only messages from the windows we opened', () => {
    const onMessage = vi.fn();
    const ours = new MessageChannel().port1;
    const theirs = new MessageChannel().port1;
    removers.push(
      listenForMessages(window, {
        origins: () => ['https://a.test'],
        sources: () => [undefined, ours],
        schema: Ping,
        onMessage,
      }),
    );
    post({ type: 'ping' }, 'https://a.test', theirs);
    post({ type: 'ping' }, 'https://a.test', null);
    expect(onMessage).not.toHaveBeenCalled();
    post({ type: 'ping' }, 'https://a.test', ours);
    expect(onMessage).toHaveBeenCalledTimes(1);
  });

  it('never matches an undefined expected origin', () => {
    const onMessage = vi.fn();
    removers.push(
      listenForMessages(window, { origins: () => [undefined], schema: Ping, onMessage }),
    );
    post({ type: 'ping' }, '');
    expect(onMessage).not.toHaveBeenCalled();
  });

  it('stops listening when removed', () => {
    const onMessage = vi.fn();
    listenForMessages(window, { origins: () => ['https://a.test'], schema: Ping, onMessage })();
    post({ type: 'ping' }, 'https://a.test');
    expect(onMessage).not.toHaveBeenCalled();
  });
});

describe('originOf', () => {
  it('reads the origin of absolute URLs only', () => {
    expect(originOf('https://a.test:8443/x?y#z')).toBe('https://a.test:8443');
    expect(originOf('/relative')).toBeUndefined();
    expect(originOf('data:text/plain,hi')).toBeUndefined();
  });
});
