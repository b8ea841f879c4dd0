import { asAdmin, createUserAsAdmin } from '../support/admin-api.ts';
import { candidateCard, pickInTagBox } from '../support/candidates.ts';
import { expect, outbox, signIn, test } from '../support/fixtures.ts';
import { unique } from '../support/job-offers.ts';

/**
 * Saved searches (issue 28, decision 208): the admin saves a shared search from the candidates screen, a
 * second user sees it under Candidates in the side menu, a new matching candidate raises its count, and
 * opening it shows the candidate and starts the count again.
 */
test.describe('saved searches', () => {
  test('a shared search shows its new matches to a teammate, and opening it shows them and resets the count', async ({
    page,
    browser,
  }) => {
    test.slow();
    const tag = unique('').trim().replace(/\W+/g, '').toLowerCase();
    const last = `Saved${tag}`;
    const name = `Team ${tag}`;
    const miaEmail = `mia${tag}@saved.test`;
    const miaPassword = 'saved-search-password';
    await createUserAsAdmin(miaEmail, miaPassword);

    // The admin saves the screen's search, shared with the team.
    await signIn(page);
    await page.goto(`/candidates?filters[search]=${last}`);
    await page.getByRole('button', { name: 'Save search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('switch', { name: 'Share with my team' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: new RegExp(name) })).toBeVisible();

    // A teammate sees it, with no new match yet.
    const context = await browser.newContext();
    try {
      const mia = await context.newPage();
      await signIn(mia, miaEmail, miaPassword);
      const miaMenu = mia.getByRole('navigation', { name: 'Main menu' });
      const saved = miaMenu.getByRole('link', { name: new RegExp(name) });
      await expect(saved).toBeVisible();
      await expect(saved).toContainText(`Shared by`);
      await expect(saved).not.toContainText('new candidate');

      // A matching candidate is created: the count goes up.
      const created = await asAdmin('POST', '/candidates', {
        candidate: { first_name: 'Ada', last_name: last },
      });
      expect(created.status).toBe(201);
      await mia.reload();
      await expect(saved).toContainText('1 new candidate(s)');

      // Opening it shows the candidate and resets the count.
      await saved.click();
      await expect(mia).toHaveURL(new RegExp(`filters%5Bsearch%5D=${last}|filters\\[search\\]=${last}`));
      await expect(candidateCard(mia, `Ada ${last}`)).toBeVisible();
      await expect(saved).not.toContainText('new candidate');
      await mia.reload();
      await expect(miaMenu.getByRole('link', { name: new RegExp(name) })).toBeVisible();
      await expect(miaMenu.getByRole('link', { name: new RegExp(name) })).not.toContainText('new candidate');
    } finally {
      await context.close();
    }
  });

  test('a search saved with its tags and an instant alert mails and notifies its owner of a new match', async ({
    page,
  }) => {
    test.slow();
    const u = unique('').trim().replace(/\W+/g, '').toLowerCase();
    const last = `Alert${u}`;
    const name = `Alerts ${u}`;
    const tagName = `Rust${u}`;
    const tagged = await asAdmin('POST', '/tags', { name: tagName });
    expect(tagged.ok).toBe(true);
    const tag = (await tagged.json()) as { id: number };

    // The search, with a tag expression, saved shared and alerting its owner at once.
    await signIn(page);
    await page.goto(`/candidates?filters[search]=${last}`);
    await pickInTagBox(page, tagName, tagName);
    // The box offers the operators next: closed, its list no longer covers the buttons.
    await page.getByRole('textbox', { name: 'Search by tags' }).press('Escape');
    await expect(page).toHaveURL(/filters%5Btags%5D%5B%5D=|filters\[tags\]\[\]=/);
    await page.getByRole('button', { name: 'Save search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('switch', { name: 'Share with my team' }).check();
    await dialog.getByRole('radio', { name: 'Instantly' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    // Opening it from the side menu restores its tag expression on the screen.
    await page.goto('/candidates');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const saved = menu.getByRole('link', { name: new RegExp(name) });
    await saved.click();
    await expect(page.getByRole('searchbox')).toHaveValue(last);
    await expect(page.getByText(tagName, { exact: true })).toBeVisible();
    await expect(saved).not.toContainText('new candidate');

    // A candidate with the tag matches; one without does not.
    const known = new Set(outbox().map((mail) => mail.file));
    const created = await asAdmin('POST', '/candidates', {
      candidate: { first_name: 'Ada', last_name: last, tag_ids: [tag.id] },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const untagged = await asAdmin('POST', '/candidates', {
      candidate: { first_name: 'Bob', last_name: last },
    });
    expect(untagged.status).toBe(201);
    await page.reload();
    await expect(candidateCard(page, `Ada ${last}`)).toBeVisible();
    await expect(candidateCard(page, `Bob ${last}`)).toBeHidden();
    await expect(menu.getByRole('link', { name: new RegExp(name) })).toContainText('1 new candidate(s)');

    // The alert reaches the SMTP test server: one mail, naming the match with its link, and the search's link.
    const alerts = () => outbox().filter((mail) => !known.has(mail.file) && mail.text.includes(name));
    await expect.poll(() => alerts().length, { timeout: 45_000 }).toBe(1);
    const [mail] = alerts();
    expect(mail?.text).toContain('To: admin@vivier.test');
    expect(mail?.text).toContain(`Ada ${last}`);
    expect(mail?.text).toContain(`/candidates?candidate=${id}`);
    expect(mail?.text).not.toContain(`Bob ${last}`);
    expect(mail?.text).toContain('Open the search');

    // And the notification list, linking to the search.
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    const notification = page.getByRole('link', { name: `New candidate for “${name}”: Ada ${last}` });
    await expect(notification).toBeVisible();
    await notification.click();
    await expect(page).toHaveURL(new RegExp(`filters%5Bsearch%5D=${last}`));
    // With its tag expression: the tagged candidate, not the other.
    await expect(candidateCard(page, `Ada ${last}`)).toBeVisible();
    await expect(candidateCard(page, `Bob ${last}`)).toBeHidden();
  });
});
