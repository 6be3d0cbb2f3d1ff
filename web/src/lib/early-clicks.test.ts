import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceHydrated, holdEarlyClicks, HYDRATED_ATTRIBUTE } from './early-clicks';

describe('holdEarlyClicks', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    document.body.replaceChildren();
  });

  /** #root with a button and a lazy part holding another, and a listener on #root standing in for React's. */
  function page() {
    document.body.innerHTML =
      '<div id="root"><button id="frame">menu</button><a id="link" href="#faq">faq</a>' +
      '<div class="gq-part"><button id="inside"><svg><path id="icon"/></svg></button></div></div>';
    const root = document.getElementById('root')!;
    const seen: string[] = [];
    for (const type of ['click', 'mousedown', 'input'])
      root.addEventListener(type, (event) => seen.push(`${type}:${(event.target as Element).id}`));
    stop = holdEarlyClicks(document);
    return { root, part: root.querySelector('.gq-part')!, seen };
  }
  const click = (id: string) =>
    document.getElementById(id)!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));

  it('holds a click on markup not hydrated yet and dispatches it again once it is', () => {
    const { root, part, seen } = page();
    expect(click('frame')).toBe(false);
    click('icon');
    expect(seen).toEqual([]);
    announceHydrated(root);
    // The root is hydrated, the part is not yet.
    expect(seen).toEqual(['click:frame']);
    announceHydrated(part);
    expect(seen).toEqual(['click:frame', 'click:icon']);
    expect(part.hasAttribute(HYDRATED_ATTRIBUTE)).toBe(true);
    // From then on clicks go straight through.
    expect(click('frame')).toBe(true);
    expect(seen).toEqual(['click:frame', 'click:icon', 'click:frame']);
  });

  it('keeps presses and input from React until then, without holding them', () => {
    const { root, seen } = page();
    document.getElementById('frame')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
    expect(seen).toEqual([]);
    announceHydrated(root);
    expect(seen).toEqual([]);
    document.getElementById('frame')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
    expect(seen).toEqual(['mousedown:frame']);
  });

  it('lets links through, and drops a click whose element was drawn anew', () => {
    const { root, seen } = page();
    const follow = vi.fn((event: Event) => event.preventDefault());
    document.getElementById('link')!.addEventListener('click', follow);
    click('link');
    expect(follow).toHaveBeenCalledOnce();
    expect(seen).toEqual(['click:link']);
    click('frame');
    document.getElementById('frame')!.replaceWith(document.createElement('button'));
    announceHydrated(root);
    expect(seen).toEqual(['click:link']);
  });

  it('leaves clicks outside #root alone', () => {
    page();
    const outside = document.createElement('button');
    document.body.append(outside);
    expect(outside.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))).toBe(true);
  });
});
