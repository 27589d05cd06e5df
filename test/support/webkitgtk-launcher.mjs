// A @web/test-runner browser launcher for WebKitGTK, driven over classic WebDriver by Debian's
// WebKitWebDriver (package webkit2gtk-driver), which opens its MiniBrowser.
//
// Written against the WebDriver HTTP protocol with fetch rather than through webdriverio:
// webdriverio 9 pulls in geckodriver and edgedriver packages whose install scripts download
// drivers, and nothing in this suite may download a browser or a driver.
//
// WebKitGTK has no headless mode, so the launcher starts its own Xvfb (Debian's `xvfb`) on a
// display number the X server picks itself (-displayfd); with no Xvfb it falls back to $DISPLAY.
//
// `type: 'webdriver'` and `sendKeys(sessionId, keys)` are what @web/test-runner-commands'
// sendKeys plugin calls for WebDriver launchers; setViewport and screenshots go through this
// project's plugins (viewport-plugin.mjs, screenshot-plugin.mjs), which call the methods below.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from './free-port.mjs';

const XVFB_PATHS = ['/usr/bin/Xvfb', '/usr/local/bin/Xvfb'];

// WebDriver's code points for the named keys that @web/test-runner-commands' `press` accepts
// (the same names as KeyboardEvent.key). Anything of one character is typed as itself.
const KEYS = {
  Backspace: '\uE003',
  Tab: '\uE004',
  Enter: '\uE007',
  Shift: '\uE008',
  Control: '\uE009',
  Alt: '\uE00A',
  Escape: '\uE00C',
  Space: ' ',
  PageUp: '\uE00E',
  PageDown: '\uE00F',
  End: '\uE010',
  Home: '\uE011',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Delete: '\uE017',
  Meta: '\uE03D',
};

/** `Shift+Tab` → ['\uE008', '\uE004']; a lone `+` stays a plus. */
function keyChord(name) {
  const names = name.length > 1 && name.includes('+') && !name.endsWith('++') ? name.split('+') : [name];
  return names.map((n) => {
    if (n.length === 1) return n;
    const code = KEYS[n];
    if (!code) throw new Error(`WebKitGTK launcher: no WebDriver code for the key "${n}"`);
    return code;
  });
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Starts Xvfb on a display it chooses; resolves with that display (":N") and the process. */
function startXvfb(path) {
  return new Promise((resolve, reject) => {
    const child = spawn(path, ['-displayfd', '3', '-screen', '0', '1920x1200x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.stdio[3].on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve({ display: `:${out.trim()}`, child });
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it was ready: ${err.trim()}`)));
  });
}

class WebKitGtkLauncher {
  name = 'WebKitGTK';
  type = 'webdriver';
  concurrency = 1;

  #driverPath;
  #children = [];
  #base = '';
  #sessionId = '';
  #started;
  #urls = new Map();
  /** Window height minus viewport height: MiniBrowser's own toolbar. */
  #chromeHeight;

  constructor(driverPath) {
    this.#driverPath = driverPath;
    // Never leave an X server or a browser behind, whatever way the runner ends.
    process.once('exit', () => this.#children.forEach((c) => c.kill('SIGKILL')));
  }

  async startSession(sessionId, url) {
    await (this.#started ??= this.#start());
    this.#urls.set(sessionId, url);
    await this.#command('POST', '/url', { url });
  }

  isActive(sessionId) {
    return this.#urls.has(sessionId);
  }

  getBrowserUrl(sessionId) {
    return this.#urls.get(sessionId);
  }

  async stopSession(sessionId) {
    // An empty page stops whatever the test page still runs (timers, polling).
    await this.#command('POST', '/url', { url: 'about:blank' });
    this.#urls.delete(sessionId);
    return {};
  }

  async startDebugSession() {
    throw new Error('Debugging in WebKitGTK is not supported by this launcher; run MiniBrowser by hand.');
  }

  async stop() {
    if (this.#sessionId) await this.#request('DELETE', `/session/${this.#sessionId}`).catch(() => {});
    this.#sessionId = '';
    for (const child of this.#children.reverse()) child.kill('SIGTERM');
    this.#children = [];
  }

  /** Called by @web/test-runner-commands' sendKeys for `press` ([name]) and `type` (characters). */
  async sendKeys(_sessionId, keys) {
    const actions = [];
    for (const key of keys) {
      const chord = keyChord(key);
      for (const value of chord) actions.push({ type: 'keyDown', value });
      for (const value of [...chord].reverse()) actions.push({ type: 'keyUp', value });
    }
    await this.#command('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions }] });
    await this.#command('DELETE', '/actions');
  }

  /** Sizes the window so that the page's viewport is `width` × `height` CSS pixels. */
  async setViewport(_sessionId, { width, height }) {
    if (this.#chromeHeight === undefined) {
      const rect = await this.#command('GET', '/window/rect');
      const inner = await this.#command('POST', '/execute/sync', { script: 'return window.innerHeight', args: [] });
      this.#chromeHeight = rect.height - inner;
    }
    await this.#command('POST', '/window/rect', { width, height: height + this.#chromeHeight });
    // The window manager applies the size a moment later on a busy machine: look again for up to a
    // second. MiniBrowser's toolbar sets a minimum window width: say so rather than test at another size.
    const innerWidth = () => this.#command('POST', '/execute/sync', { script: 'return window.innerWidth', args: [] });
    let actual = await innerWidth();
    for (let tries = 0; actual !== width && tries < 10; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      actual = await innerWidth();
    }
    if (actual !== width)
      throw new Error(`MiniBrowser's viewport is ${actual} px wide, not the ${width} px asked for (its window has a minimum width)`);
  }

  /** The viewport as PNG bytes. */
  async takeScreenshot() {
    return Buffer.from(await this.#command('GET', '/screenshot'), 'base64');
  }

  async #start() {
    // Without a GPU, WebKitGTK's accelerated compositing draws each layer with Mesa's software
    // OpenGL under Xvfb: the same pixels as its non-composited mode, for about half again the CPU
    // (the WebKitGTK suite alone on two cores, 2026-11-30: 224 s of CPU with it, 151 s without;
    // the same 593 tests passed). Set WEBKIT_DISABLE_COMPOSITING_MODE=0 to run composited.
    const env = { WEBKIT_DISABLE_COMPOSITING_MODE: '1', ...process.env };
    const xvfb = XVFB_PATHS.find((p) => existsSync(p));
    if (xvfb) {
      const { display, child } = await startXvfb(xvfb);
      this.#children.push(child);
      env.DISPLAY = display;
    } else if (!env.DISPLAY) {
      throw new Error('WebKitGTK has no headless mode: install Xvfb (`sudo apt-get install xvfb`) or run under a display.');
    }
    let lastError;
    for (let attempt = 0; attempt < 3; attempt++) {
      const port = await freePort();
      const driver = spawn(this.#driverPath, [`--port=${port}`, '--host=local'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
      this.#children.push(driver);
      let log = '';
      driver.stderr.on('data', (d) => (log += d));
      this.#base = `http://127.0.0.1:${port}`;
      try {
        await this.#waitUntilReady(driver);
        const { sessionId } = await this.#request('POST', '/session', {
          capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { args: ['--automation'] } } },
        });
        this.#sessionId = sessionId;
        await this.#command('POST', '/timeouts', { script: 60000, pageLoad: 120000 });
        await this.setViewport('', { width: 800, height: 600 });
        return;
      } catch (error) {
        lastError = new Error(`${error.message}${log ? `\nWebKitWebDriver said: ${log.trim()}` : ''}`);
        driver.kill('SIGKILL');
      }
    }
    throw lastError;
  }

  async #waitUntilReady(driver) {
    const end = Date.now() + 20000;
    while (Date.now() < end) {
      if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driver.exitCode})`);
      try {
        const status = await this.#request('GET', '/status');
        if (status.ready) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error('WebKitWebDriver did not answer /status within 20 s');
  }

  #command(method, path, body) {
    return this.#request(method, `/session/${this.#sessionId}${path}`, body);
  }

  async #request(method, path, body) {
    const res = await fetch(this.#base + path, {
      method,
      headers: body ? { 'content-type': 'application/json' } : undefined,
      body: body ? JSON.stringify(body) : undefined,
    });
    const { value } = await res.json();
    if (!res.ok) throw new Error(`WebDriver ${method} ${path}: ${value?.error ?? res.status}: ${value?.message ?? ''}`);
    return value;
  }
}

/** @param {string} driverPath the WebKitWebDriver executable (see find-browsers.mjs) */
export function webkitGtkLauncher(driverPath) {
  return new WebKitGtkLauncher(driverPath);
}
