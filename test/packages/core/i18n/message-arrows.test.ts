import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { en, type Message } from '../../../../packages/core/src/i18n/en.js';
import { ar } from '../../../../packages/core/src/i18n/ar.js';
import { de } from '../../../../packages/core/src/i18n/de.js';
import { es } from '../../../../packages/core/src/i18n/es.js';
import { fr } from '../../../../packages/core/src/i18n/fr.js';
import { ja } from '../../../../packages/core/src/i18n/ja.js';
import { ptBR } from '../../../../packages/core/src/i18n/pt-BR.js';
import { zhCN } from '../../../../packages/core/src/i18n/zh-CN.js';

describe('arrows in messages', () => {
  const catalogues: Record<string, Readonly<Record<string, Message>>> = { en, ar, de, es, fr, ja, 'pt-BR': ptBR, 'zh-CN': zhCN };
  it('join every arrow to what follows it, so that a line never ends with one', () => {
    let arrows = 0;
    for (const [locale, catalogue] of Object.entries(catalogues)) {
      for (const [key, message] of Object.entries(catalogue)) {
        for (const text of typeof message === 'string' ? [message] : Object.values(message)) {
          for (const m of (text ?? '').matchAll(/[→←]/g)) {
            arrows++;
            assert.equal(text![m.index + 1], '\u00a0', `${locale} ${key}: "${text}" breaks after its arrow`);
          }
        }
      }
    }
    assert.ok(arrows > 0, 'the catalogues draw arrows');
  });
});
