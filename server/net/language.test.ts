import { describe, it, expect } from 'vitest';
import { detectLanguage, toIso6391 } from './language.js';

describe('detectLanguage', () => {
  it.each([
    ['en', 'The central bank raised interest rates again on Tuesday, citing persistent inflation in the housing market.'],
    ['fr', 'La banque centrale a de nouveau relevé ses taux directeurs mardi, invoquant une inflation persistante du logement.'],
    ['de', 'Die Zentralbank hat am Dienstag die Leitzinsen erneut angehoben und verweist auf die anhaltende Inflation.'],
    ['es', 'El banco central volvió a subir los tipos de interés el martes, alegando una inflación persistente en la vivienda.'],
    ['it', 'La banca centrale ha alzato di nuovo i tassi di interesse martedì, citando una inflazione persistente nel settore.'],
    ['pt', 'O banco central voltou a subir as taxas de juro na terça-feira, citando a inflação persistente no mercado imobiliário.'],
    ['ru', 'Центральный банк во вторник снова повысил процентные ставки, сославшись на устойчивую инфляцию на рынке жилья.'],
    ['ja', '中央銀行は火曜日、住宅市場の根強いインフレを理由に、再び金利を引き上げました。'],
    ['zh', '中央银行周二再次上调利率，理由是住房市场持续存在通货膨胀压力，经济学家对此表示担忧。'],
  ])('recognises %s', (code, text) => {
    expect(detectLanguage(text)).toBe(code);
  });

  it('answers unknown for text too short to tell, or without letters', () => {
    expect(detectLanguage('Hello world')).toBe('unknown');
    expect(detectLanguage('')).toBe('unknown');
    expect(detectLanguage('https://example.com/a/very/long/path/with/words 12345 67890 !!!')).toBe('unknown');
  });
});

describe('toIso6391', () => {
  it.each([
    ['en-US', 'en'],
    ['EN_gb', 'en'],
    ['fr', 'fr'],
    ['deu', 'de'],
    ['ger', 'de'],
    ['fre', 'fr'],
    ['zho', 'zh'],
    ['pt-BR', 'pt'],
    ['iw', 'he'],
    ['', null],
    [null, null],
    ['english', null],
    ['xx-yy-zz-123', 'xx'],
    ['bho', null],
  ])('%j → %j', (input, expected) => {
    expect(toIso6391(input)).toBe(expected);
  });
});
