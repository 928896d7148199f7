import { expect } from '@open-wc/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button, Input } from '@fluentui/react-components';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { prepareUi, renderUi, resetUi, sleep } from '../testing/ui-fixture.tsx';
import { useDebouncedClick, useDebouncedKey, useDebouncedValue } from './debounce.ts';
import { useScreenSize } from './screen-size.ts';

function Saver() {
  const [saves, setSaves] = useState(0);
  const [searches, setSearches] = useState(0);
  const onClick = useDebouncedClick(() => setSaves((n) => n + 1));
  const onKeyDown = useDebouncedKey(['Enter'], () => setSearches((n) => n + 1));
  return (
    <>
      <Button onClick={onClick}>Lưu</Button>
      <Input aria-label="Từ khóa" onKeyDown={onKeyDown} />
      <output aria-label="lần lưu">{saves}</output>
      <output aria-label="lần tìm">{searches}</output>
    </>
  );
}

function Settled() {
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text);
  return (
    <>
      <Input aria-label="Gõ" value={text} onChange={(_, d) => setText(d.value)} />
      <output aria-label="đã dừng">{settled}</output>
    </>
  );
}

function ScreenSizeProbe() {
  return <output aria-label="cỡ màn hình">{useScreenSize()}</output>;
}

const shown = (name: string) => screen.getByRole('status', { name }).textContent;

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
  window.dispatchEvent(new Event('resize'));
}

describe('debounce and screen-size hooks', () => {
  beforeEach(prepareUi);
  afterEach(async () => {
    delete (window as { innerWidth?: number }).innerWidth;
    await resetUi();
  });

  it('acts on the first click and ignores repeats within 500 ms', async () => {
    renderUi(<Saver />);
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Lưu' });
    await user.dblClick(button);
    await user.click(button);
    expect(shown('lần lưu')).to.equal('1');
    await sleep(600);
    await user.click(button);
    expect(shown('lần lưu')).to.equal('2');
  });

  it('acts on the first Enter and ignores repeats within 500 ms; other keys do nothing', async () => {
    renderUi(<Saver />);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Từ khóa'));
    await user.keyboard('abc{Enter}{Enter}{Enter}');
    expect(shown('lần tìm')).to.equal('1');
  });

  it('settles a value 500 ms after the last change', async () => {
    renderUi(<Settled />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Gõ'), 'Hà Nội');
    expect(shown('đã dừng')).to.equal('');
    await waitFor(() => expect(shown('đã dừng')).to.equal('Hà Nội'), { timeout: 1500 });
  });

  it('names the screen size class and follows resizes', async () => {
    renderUi(<ScreenSizeProbe />);
    for (const [width, size] of [
      [500, 'mobile'],
      [800, 'tablet-small'],
      [1000, 'tablet'],
      [1440, 'desktop'],
      [1920, 'desktop-large'],
    ] as const) {
      act(() => setWidth(width));
      await waitFor(() => expect(shown('cỡ màn hình')).to.equal(size));
    }
  });
});
