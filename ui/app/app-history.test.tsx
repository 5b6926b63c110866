import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberPageBefore } from '../../adapters/browser/browser.container';
import {
  currentEntry,
  rememberPageBeforeApp,
  useBackCloses,
  useBackHeld,
  useHistoryLayer,
  useHistoryView,
} from './app-history';

afterEach(() => vi.restoreAllMocks());

describe('the app in history.state', () => {
  it('puts two guard entries behind the first one and pushes a view change, keeping the address', () => {
    const address = window.location.href;
    const before = window.history.length;
    const { result } = renderHook(() => useHistoryView());
    expect(window.history.length).toBe(before + 2);
    act(() => result.current[1]('gallery'));
    expect(currentEntry()).toMatchObject({ view: 'gallery', layers: [] });
    expect(window.history.length).toBe(before + 3);
    expect(window.location.href).toBe(address);
  });

  /** The next popstate's history.state. */
  const nextPop = () =>
    new Promise<unknown>((resolve) =>
      window.addEventListener('popstate', (event) => resolve(event.state), { once: true }),
    );

  /**
   * A tab that opened the landing page from another page, went to the sign-in page and came back
   * signed in: the app starts on the return's fresh entry.
   */
  function signedInFrom(pageBefore: unknown) {
    window.history.pushState(pageBefore, '');
    window.history.pushState(null, ''); // the landing page
    rememberPageBeforeApp(window); // startSignIn, as the window leaves for the sign-in page
    window.history.pushState({ page: 'sign-in' }, '');
    window.history.pushState(null, ''); // the sign-in return
    return renderHook(() => useHistoryView());
  }

  it('Back from the first view goes on to the page before the app, past the sign-in page', async () => {
    const { result } = signedInFrom({ page: 'before' });
    act(() => result.current[1]('gallery'));
    const back = nextPop();
    act(() => window.history.back());
    expect(await back).toMatchObject({ pawloween: { view: 'create' } });
    const guard = nextPop();
    act(() => window.history.back());
    expect(await guard).toMatchObject({ pawloween: { guard: true } });
    // The app goes on by itself, in one step, to the page that opened it.
    expect(await nextPop()).toEqual({ page: 'before' });
  });

  it('a quick double Back from the first view lands on a guard entry, not on the sign-in page', async () => {
    signedInFrom({ page: 'before' });
    const landed = nextPop();
    // Two Backs before the page answers the first: one step of two.
    act(() => window.history.go(-2));
    expect(await landed).toMatchObject({ pawloween: { guard: true, at: 0 } });
    expect(await nextPop()).toEqual({ page: 'before' });
  });

  it('with nothing before the app, Back from the first view steps forward onto Create again', async () => {
    window.history.pushState(null, '');
    rememberPageBefore(window, -1); // the landing page was the tab's first
    window.history.pushState({ page: 'sign-in' }, '');
    window.history.pushState(null, '');
    renderHook(() => useHistoryView());
    const landed = nextPop();
    act(() => window.history.go(-2));
    expect(await landed).toMatchObject({ pawloween: { guard: true } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(currentEntry()).toMatchObject({ view: 'create', guard: undefined });
  });

  it('a layer that takes Back (the progress overlay) comes straight back, and the view stays', async () => {
    const { result } = renderHook(() => useHistoryView());
    act(() => result.current[1]('gallery'));
    act(() => result.current[1]('create'));
    const overlay = renderHook(() => useBackHeld());
    const held = currentEntry();
    const popped = nextPop();
    act(() => window.history.back());
    await popped;
    expect(result.current[0]).toBe('create');
    expect(currentEntry()).toEqual(held);
    // The run over, its entry is marked closed like any layer closed from the page.
    overlay.unmount();
    expect(currentEntry()).toMatchObject({ view: 'create', layers: [], closed: true });
  });

  it('inside a frame (the embedded preview) leaves the host page’s history alone', () => {
    vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
    const before = window.history.length;
    const { result } = renderHook(() => useHistoryView());
    act(() => result.current[1]('gallery'));
    renderHook(() => useBackCloses(true, () => undefined));
    expect(result.current[0]).toBe('gallery');
    expect(window.history.length).toBe(before);
    expect(currentEntry()).toBeUndefined();
  });

  it('a layer closed from the page marks its entry closed in place: no Back of its own to race a person’s', async () => {
    renderHook(() => useHistoryView());
    const back = vi.spyOn(window.history, 'back');
    const go = vi.spyOn(window.history, 'go');
    const before = window.history.length;
    const sheet = renderHook(({ open }) => useBackCloses(open, () => undefined), {
      initialProps: { open: true },
    });
    expect(window.history.length).toBe(before + 1);
    sheet.rerender({ open: false });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(back).not.toHaveBeenCalled();
    expect(go).not.toHaveBeenCalled();
    expect(currentEntry()).toMatchObject({ layers: [], closed: true });

    // The next layer (Account Settings after the account sheet) takes the closed entry over: one
    // Back from it returns to where the person was, with no dead entry in between.
    renderHook(() => useBackCloses(true, () => undefined));
    expect(window.history.length).toBe(before + 1);
    expect(currentEntry()?.closed).toBeUndefined();
    expect(currentEntry()?.layers).toHaveLength(1);
  });

  it('keeps a named layer’s value (the viewer’s item) in the entry: a step replaces it, a close marks it closed', () => {
    renderHook(() => useHistoryView());
    const before = window.history.length;
    const { result } = renderHook(() => useHistoryLayer('viewer'));
    act(() => result.current[1]('item-1'));
    expect(window.history.length).toBe(before + 1);
    act(() => result.current[1]('item-2'));
    expect(window.history.length).toBe(before + 1);
    expect(currentEntry()?.layers).toEqual(['@viewer=item-2']);
    // A reload (a new mount reading the same entry) opens it on the same item.
    expect(renderHook(() => useHistoryLayer('viewer')).result.current[0]).toBe('item-2');
    act(() => result.current[1](undefined));
    expect(result.current[0]).toBeUndefined();
    expect(currentEntry()).toMatchObject({ layers: [], closed: true });
  });
});
