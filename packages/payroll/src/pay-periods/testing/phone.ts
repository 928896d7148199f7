/*
 * For the pages' phone tests: the body is set to a 390 px phone while the browser's window stays
 * wider, so "fits the screen" is read from the elements themselves: none reaches past the body's
 * right edge unless a box that scrolls sideways (a table's region, the grid) clips it. Toasts sit
 * on the window, not the page, and are left out.
 */
const scrolls = (element: Element) =>
  ['auto', 'scroll', 'hidden'].includes(getComputedStyle(element).overflowX);

/** The elements past the phone's right edge that nothing clips (their tag and start of their text). */
export function pastThePhone(root: Element = document.body): string[] {
  const edge = document.body.getBoundingClientRect().right + 0.5;
  return [...root.querySelectorAll<HTMLElement>('*')]
    .filter((element) => !element.closest('[class*="hcm-toast"], .fui-Toaster'))
    .filter((element) => element.getBoundingClientRect().right > edge)
    .filter((element) => {
      for (let box = element.parentElement; box && box !== root; box = box.parentElement)
        if (scrolls(box) && box.getBoundingClientRect().right <= edge) return false;
      return true;
    })
    .map((element) => `${element.tagName} ${(element.textContent ?? '').slice(0, 40)}`);
}
