import { describe, expect, it } from 'vitest';
import { BirthdayConfigInput, EVENT_VALIDATION, PaymentReminderConfigInput } from './events.ts';
import {
  messageHtml,
  messageSubject,
  PAYMENT_REMINDER_PLACEHOLDERS,
  paymentReminderValues,
  reminderTemplateFor,
  renderTemplate,
  unknownPlaceholders,
  whatsAppLink,
  withPixCode,
} from './events-templates.ts';
import enUS from './i18n/en_US.json' with { type: 'json' };
import ptBR from './i18n/pt_BR.json' with { type: 'json' };
import { translate } from './i18n.ts';
import { issueKeys } from './test-helpers.ts';
import { V } from './validation.ts';

describe('rendering a template', () => {
  it('replaces every placeholder with its value as text', () => {
    expect(
      renderTemplate('Feliz aniversário, {customerName}! {customerName} 🎉', { customerName: 'Ana' }),
    ).toBe('Feliz aniversário, Ana! Ana 🎉');
  });

  it('leaves a clean blank for a missing, empty or unknown value, never the raw placeholder', () => {
    const template = 'Hi {customerName}, your {planName} is due on {dueDate}. {unknown}';
    expect(renderTemplate(template, { customerName: null, planName: '', dueDate: '05/04/2027' })).toBe(
      'Hi, your is due on 05/04/2027.',
    );
    expect(renderTemplate('{customerName}', {})).toBe('');
  });

  it('does not read a value as a template, nor an inherited property as a value', () => {
    expect(renderTemplate('Olá {customerName}', { customerName: '{amount} <b>' })).toBe('Olá {amount} <b>');
    expect(renderTemplate('Olá {constructor}{toString}', {})).toBe('Olá');
  });

  it('escapes every HTML character of an e-mail body and keeps its lines', () => {
    const text = renderTemplate('Olá {customerName},\nvalor: R$ 10 & "mais"\n\nAté logo', {
      customerName: '<script>alert(1)</script>',
    });
    expect(messageHtml(text)).toBe(
      '<p>Olá &lt;script&gt;alert(1)&lt;/script&gt;,<br>valor: R$ 10 &amp; &quot;mais&quot;</p>\n<p>Até logo</p>',
    );
  });

  it("puts the studio's name (as text) and logo above the body, escaped", () => {
    const brand = { name: 'Sol & Lua', logoUrl: 'https://studio.example/api/public/logos/ab"c' };
    expect(messageHtml('Olá', brand)).toBe(
      '<p><img src="https://studio.example/api/public/logos/ab&quot;c" alt="" width="48" height="48" style="vertical-align:middle;margin-right:8px"><strong>Sol &amp; Lua</strong></p>\n<p>Olá</p>',
    );
    expect(messageHtml('Olá', { name: 'Sol', logoUrl: null })).toBe(
      '<p><strong>Sol</strong></p>\n<p>Olá</p>',
    );
  });

  it('writes money and dates as the currency’s customers read them', () => {
    const values = paymentReminderValues({
      customerName: 'Ana',
      planName: 'Mensal',
      amountCents: 123_456,
      currency: 'BRL',
      dueDate: '2027-04-05',
    });
    expect(renderTemplate('{currency} {amount} até {dueDate}', values)).toBe('R$ 1.234,56 até 05/04/2027');
    const usd = paymentReminderValues({
      ...values,
      customerName: 'Ann',
      planName: 'Monthly',
      amountCents: 9_900,
      currency: 'USD',
      dueDate: '2027-04-05',
    });
    expect(renderTemplate('{currency}{amount} by {dueDate}', usd)).toBe('$99.00 by 04/05/2027');
  });

  it('builds a wa.me link with the number in international form and the message as its text', () => {
    expect(whatsAppLink('5511987654321', 'Olá Ana & cia?')).toBe(
      'https://wa.me/5511987654321?text=Ol%C3%A1%20Ana%20%26%20cia%3F',
    );
  });

  it('heads an e-mail with the studio and the first line', () => {
    expect(messageSubject('Studio Flow', '\nFeliz aniversário, Ana!\nUm abraço')).toBe(
      'Studio Flow: Feliz aniversário, Ana!',
    );
    expect(messageSubject('S', 'x'.repeat(80))).toHaveLength(3 + 60);
  });
});

describe('configuration input', () => {
  const birthday = {
    enabled: true,
    timing: 'ON_DAY',
    days: 5,
    sendTime: '09:00',
    channels: ['WHATSAPP', 'EMAIL', 'EMAIL'],
    template: ' Feliz aniversário, {customerName}! ',
  };

  it('keeps each channel once in a fixed order, trims the template and stores 0 days on the day', () => {
    expect(BirthdayConfigInput.parse(birthday)).toEqual({
      ...birthday,
      days: 0,
      channels: ['EMAIL', 'WHATSAPP'],
      template: 'Feliz aniversário, {customerName}!',
    });
  });

  it('refuses unknown placeholders, days out of range, and no channel when enabled', () => {
    const result = BirthdayConfigInput.safeParse({
      ...birthday,
      timing: 'BEFORE',
      days: 0,
      channels: [],
      template: 'Hi {planName}',
    });
    expect(issueKeys(result).sort()).toEqual(
      [
        `template:${EVENT_VALIDATION.unknownPlaceholder}`,
        `days:${V.outOfRange}`,
        `channels:${EVENT_VALIDATION.channelsRequired}`,
      ].sort(),
    );
    expect(BirthdayConfigInput.safeParse({ ...birthday, enabled: false, channels: [] }).success).toBe(true);
  });

  it('accepts a send time on a run of the 5-minute job, up to 23:55, and refuses one between runs', () => {
    const at = (sendTime: string) => issueKeys(BirthdayConfigInput.safeParse({ ...birthday, sendTime }));
    expect([at('00:00'), at('08:05'), at('23:55')]).toEqual([[], [], []]);
    expect(at('23:56')).toEqual([`sendTime:${EVENT_VALIDATION.sendTimeStep}`]);
    expect(at('08:03')).toEqual([`sendTime:${EVENT_VALIDATION.sendTimeStep}`]);
    // A malformed time is one format error, not also a step error.
    expect(at('24:00')).toEqual([`sendTime:${V.time}`]);
  });

  it('accepts every payment placeholder in both templates and needs the overdue one', () => {
    const all = PAYMENT_REMINDER_PLACEHOLDERS.map((name) => `{${name}}`).join(' ');
    const reminder = { ...birthday, timing: 'AFTER', days: 3, template: all, overdueTemplate: all };
    expect(PaymentReminderConfigInput.safeParse(reminder).success).toBe(true);
    const { overdueTemplate: _, ...withoutOverdue } = reminder;
    expect(issueKeys(PaymentReminderConfigInput.safeParse(withoutOverdue))).toEqual([
      `overdueTemplate:${V.required}`,
    ]);
    expect(unknownPlaceholders('{amount} {foo} {bar}', PAYMENT_REMINDER_PLACEHOLDERS)).toEqual([
      'foo',
      'bar',
    ]);
  });

  it('has its validation messages in both languages', () => {
    for (const key of Object.values(EVENT_VALIDATION)) {
      expect(translate(enUS, key)).not.toBe(key);
      expect(translate(ptBR, key)).not.toBe(key);
    }
  });
});

describe('the overdue template', () => {
  const config = { template: 'Vence em {dueDate}', overdueTemplate: 'Venceu em {dueDate}' };

  it('waits until the cycle is no longer payable: a Saturday’s cycle, payable until Monday, on Sunday and Tuesday', () => {
    expect(reminderTemplateFor(config, '2027-03-08', '2027-03-07')).toBe(config.template);
    expect(reminderTemplateFor(config, '2027-03-08', '2027-03-08')).toBe(config.template);
    expect(reminderTemplateFor(config, '2027-03-08', '2027-03-09')).toBe(config.overdueTemplate);
    expect(reminderTemplateFor({ ...config, overdueTemplate: null }, '2027-03-08', '2027-03-09')).toBe(
      config.template,
    );
  });
});

describe('a reminder carries its cycle’s PIX charge (decision 030)', () => {
  const code =
    '00020101021226830014br.gov.bcb.pix2561pix.example.com/qr/v2/cobv/abc5204000053039865802BR6304ABCD';

  it('puts the code where the template says, else on lines of its own after the message, and nothing without one', () => {
    const placed = 'Pague com: {pixCode}';
    expect(renderTemplate(placed, { pixCode: code })).toBe(`Pague com: ${code}`);
    expect(withPixCode(renderTemplate(placed, { pixCode: code }), placed, code)).toBe(`Pague com: ${code}`);
    expect(withPixCode('Olá, Ana', 'Olá, {customerName}', code)).toBe(
      `Olá, Ana\n\nPIX copia e cola:\n${code}`,
    );
    expect(withPixCode('Olá, Ana', 'Olá, {customerName}', null)).toBe('Olá, Ana');
    expect(unknownPlaceholders('{pixCode}', PAYMENT_REMINDER_PLACEHOLDERS)).toEqual([]);
  });
});
