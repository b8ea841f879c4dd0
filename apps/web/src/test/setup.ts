import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { act } from 'react';
import { afterEach, vi } from 'vitest';
import { registerPaletteTexts } from '../app/command-palette/i18n';
import { registerAuditLogTexts } from '../features/audit-log/i18n';
import { registerEmailSendingTexts } from '../features/email-sending/i18n';
import { registerEmailTemplateTexts } from '../features/email-templates/i18n';
import { registerCopyTexts } from '../features/job-offer-copy/i18n';
import { registerExportTexts } from '../features/job-offer-export/i18n';
import { registerPipelineTexts } from '../features/pipeline/i18n';
import { registerSettingsTexts } from '../features/settings/i18n';
import { registerUsersTexts } from '../features/users/i18n';
import { i18n, loadLanguage, startI18n } from '../shared/i18n/i18n';
import { logout } from '../shared/session/logout';

// jsdom lacks what Mantine measures with (DESIGN section 2).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;
Element.prototype.scrollIntoView = vi.fn();
// ProseMirror asks where a click landed, and measures text ranges when it scrolls to the selection.
document.elementFromPoint = () => null;
const emptyRects = () => Object.assign([] as DOMRect[], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects = emptyRects;
Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);

startI18n();
// Tests switch languages synchronously: the French texts the app fetches on demand are there from the start.
await loadLanguage('fr');
// A test renders a screen's parts without the screen's module, which adds the screen's texts in the app.
for (const register of [
  registerAuditLogTexts,
  registerCopyTexts,
  registerEmailSendingTexts,
  registerEmailTemplateTexts,
  registerExportTexts,
  registerPipelineTexts,
  registerSettingsTexts,
  registerUsersTexts,
  registerPaletteTexts,
])
  register();

// CI shares 2 cores between the server suites and these; a lazy chunk's first render (the rich-text editor
// loads TipTap) can outlast findBy's 1 s default there. What never appears still fails, after 3 s.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  // A global a test stubbed (fetch, most often) is the real one again for the next.
  vi.unstubAllGlobals();
  // Test files share one module graph: a session or cached queries left by one would follow the visitor of
  // the next (require-session.test.tsx's visitor without a session met a user set by another file in CI).
  logout();
  localStorage.clear();
  // Test files share one module graph (vitest.config.ts): a file that switched to French must not leave it on.
  if (i18n.language !== 'en') act(() => void i18n.changeLanguage('en'));
});
