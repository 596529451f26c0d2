import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';

/**
 * An owner builds their team: an establishment, an invitation shared by link (no e-mail server in tests),
 * a colleague who signs up through the invitation and joins as Manager, a third account that sees the
 * email-mismatch stage, and a revoked link that no longer works.
 */

const PASSWORD = 'correct horse battery';

type Person = { firstName: string; lastName: string; email: string };

function person(firstName: string, lastName: string): Person {
  return { firstName, lastName, email: `${firstName.toLowerCase()}-${randomUUID()}@example.com` };
}

async function fillSignUp(page: Page, who: Person) {
  await page.getByLabel('First name').fill(who.firstName);
  await page.getByLabel('Last name').fill(who.lastName);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

function orgNav(page: Page) {
  return page.getByRole('navigation', { name: 'Organization navigation' });
}

/** Signs the owner up, creates the organization and one establishment, and ends on the establishments page. */
async function setUpOrganization(page: Page, owner: Person, organizationName: string, establishment: string) {
  await page.goto('/sign-up');
  await fillSignUp(page, owner);
  await expect(page).toHaveURL(/\/app\/select-organization$/);
  await page.getByRole('button', { name: 'Create organization' }).first().click();
  await page.getByRole('dialog').getByLabel('Organization name').fill(organizationName);
  await page.getByRole('dialog').getByRole('button', { name: 'Create organization' }).click();
  await expect(page.getByRole('heading', { name: organizationName })).toBeVisible();

  await orgNav(page).getByRole('link', { name: 'Establishments' }).click();
  await expect(page.getByRole('heading', { name: 'Establishments', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New establishment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New establishment' });
  await dialog.getByLabel('Name', { exact: true }).fill(establishment);
  await dialog.getByLabel('Address (optional)').fill('Rua Augusta, 100');
  await dialog.getByLabel('Phone (optional)').fill('+55 11 99999-0000');
  await dialog.getByRole('button', { name: 'Create establishment' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(establishment) })).toContainText('Rua Augusta, 100');
  await expectAccessible(page, 'the establishments');
}

/** Opens the link signed out, takes the sign-up path it offers, and lands on the accepted stage. */
async function signUpThroughInvitation(page: Page, link: string, who: Person, organizationName: string) {
  await page.goto(link);
  await expect(
    page.getByRole('heading', { name: `You are invited to join ${organizationName}` }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/sign-up\?redirect=/);
  await fillSignUp(page, who);
  await expect(page.getByRole('heading', { name: `Welcome to ${organizationName}!` })).toBeVisible();
}

/** Invites from the staff page and returns the link the dialog shows for sharing by hand. */
async function invite(page: Page, email: string, options: { role: string; establishment?: string }) {
  await page.getByRole('button', { name: 'Invite staff' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a staff member' });
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Organization role').selectOption({ label: options.role });
  if (options.establishment) {
    await dialog.getByRole('button', { name: 'Add establishment role' }).click();
    await expect(dialog.getByLabel('Establishment', { exact: true })).toHaveValue(/.+/);
    await dialog.getByLabel('Role in the establishment').selectOption({ label: options.establishment });
  }
  await dialog.getByRole('button', { name: 'Send invitation' }).click();

  const share = page.getByRole('dialog', { name: 'Share the invitation' });
  await expect(share.getByRole('note')).toContainText('no email server configured');
  await expect(share.getByRole('link', { name: 'Send over WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\?text=/,
  );
  const link = await share.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(/\/staff-invite\/[^/]+$/);
  await share.getByRole('button', { name: 'Done' }).click();
  await expect(share).toBeHidden();
  return link;
}

test('an owner invites a Manager who signs up and joins; another account sees the mismatch; revoked links stop working', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const owner = person('Olivia', 'Owner');
  const colleague = person('Marina', 'Manager');
  const stranger = person('Sergio', 'Stranger');
  const invitedInstructor = `ines-${randomUUID()}@example.com`;
  const organizationName = `Studio ${randomUUID().slice(0, 8)}`;

  // The owner signs up, creates the organization and its first establishment.
  await setUpOrganization(page, owner, organizationName, 'Studio Centro');

  // Two invitations: a Manager, and a Viewer who is an instructor at Studio Centro.
  await orgNav(page).getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  const managerLink = await invite(page, colleague.email, { role: 'Manager' });
  const instructorLink = await invite(page, invitedInstructor, {
    role: 'Viewer',
    establishment: 'Instructor',
  });
  const pending = page.getByRole('region', { name: 'Pending invitations' });
  await expect(pending.getByRole('row', { name: new RegExp(colleague.email) })).toContainText('Manager');
  await expect(pending.getByRole('row', { name: new RegExp(invitedInstructor) })).toContainText(
    'Studio Centro: Instructor',
  );

  // The colleague opens the link signed out, signs up through it, and is joined as Manager.
  const colleaguePage = await newPage(browser, baseURL);
  await signUpThroughInvitation(colleaguePage, managerLink, colleague, organizationName);
  await expect(colleaguePage.getByText('Your role: Manager')).toBeVisible();
  await colleaguePage.getByRole('link', { name: `Go to ${organizationName}` }).click();
  await expect(colleaguePage.getByRole('heading', { name: organizationName, level: 1 })).toBeVisible();
  await expect(orgNav(colleaguePage).getByRole('link', { name: 'Staff' })).toBeVisible();
  await colleaguePage.goto('/app/select-organization');
  const invited = colleaguePage.getByRole('region', { name: 'Organizations you were invited to' });
  await expect(invited.getByRole('row', { name: new RegExp(organizationName) })).toContainText('Manager');

  // The used link is closed; the owner sees the new member and no longer a pending invitation for them.
  await colleaguePage.goto(managerLink);
  await expect(colleaguePage.getByRole('heading', { name: 'Invitation unavailable' })).toBeVisible();
  await page.reload();
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByRole('row', { name: new RegExp(colleague.email) })).toContainText('Manager');
  await expect(pending.getByRole('row', { name: new RegExp(colleague.email) })).toHaveCount(0);

  // Someone signed in with another email sees the mismatch stage and can switch account.
  const strangerPage = await newPage(browser, baseURL);
  await strangerPage.goto('/sign-up');
  await fillSignUp(strangerPage, stranger);
  await expect(strangerPage).toHaveURL(/\/app\/select-organization$/);
  await strangerPage.goto(instructorLink);
  await expect(
    strangerPage.getByRole('heading', { name: 'This invitation is for another email' }),
  ).toBeVisible();
  await expect(strangerPage.getByText(`You are signed in as ${stranger.email}`)).toBeVisible();
  await strangerPage.getByRole('button', { name: 'Switch account' }).click();
  await expect(strangerPage).toHaveURL(/\/sign-in\?redirect=%2Fstaff-invite%2F/);

  // The owner revokes that invitation: its link shows the invalid stage.
  await pending.getByRole('button', { name: `Revoke the invitation for ${invitedInstructor}` }).click();
  await page
    .getByRole('dialog', { name: 'Revoke invitation' })
    .getByRole('button', { name: 'Revoke invitation' })
    .click();
  await expect(pending.getByRole('row', { name: new RegExp(invitedInstructor) })).toHaveCount(0);
  await strangerPage.goto(instructorLink);
  await expect(strangerPage.getByRole('heading', { name: 'Invitation unavailable' })).toBeVisible();
  await expect(
    strangerPage.getByText('This invitation link is invalid, expired, or has already been used.'),
  ).toBeVisible();
});

test('an owner resends an invitation, changes the member’s roles and removes them; an establishment in use cannot be deleted', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const owner = person('Otto', 'Owner');
  const colleague = person('Vera', 'Viewer');
  const organizationName = `Pilates ${randomUUID().slice(0, 8)}`;
  await setUpOrganization(page, owner, organizationName, 'Studio Norte');

  await orgNav(page).getByRole('link', { name: 'Staff' }).click();
  const firstLink = await invite(page, colleague.email, { role: 'Viewer', establishment: 'Instructor' });
  const pending = page.getByRole('region', { name: 'Pending invitations' });
  await pending.getByRole('button', { name: `Resend the invitation for ${colleague.email}` }).click();
  const share = page.getByRole('dialog', { name: 'Share the invitation' });
  const newLink = await share.getByLabel('Invitation link').inputValue();
  expect(newLink).not.toBe(firstLink);
  await share.getByRole('button', { name: 'Done' }).click();

  // The old link stopped working; the new one joins the colleague as a Viewer, who may look but not manage.
  const colleaguePage = await newPage(browser, baseURL);
  await colleaguePage.goto(firstLink);
  await expect(colleaguePage.getByRole('heading', { name: 'Invitation unavailable' })).toBeVisible();
  await signUpThroughInvitation(colleaguePage, newLink, colleague, organizationName);
  await expect(colleaguePage.getByText('Your role: Viewer')).toBeVisible();
  await colleaguePage.getByRole('link', { name: `Go to ${organizationName}` }).click();
  await orgNav(colleaguePage).getByRole('link', { name: 'Staff' }).click();
  const colleagueMembers = colleaguePage.getByRole('region', { name: 'Members' });
  await expect(colleagueMembers.getByRole('row', { name: new RegExp(owner.email) })).toContainText('Owner');
  await expect(colleaguePage.getByRole('button', { name: 'Invite staff' })).toHaveCount(0);
  await expect(colleagueMembers.getByRole('button')).toHaveCount(0);
  await expect(
    colleaguePage.getByRole('listitem', { name: 'Studio Norte' }).getByText(colleague.firstName),
  ).toBeVisible();

  // Studio Norte has staff, so it cannot be deleted yet.
  await orgNav(page).getByRole('link', { name: 'Establishments' }).click();
  await page.getByRole('button', { name: 'Delete Studio Norte' }).click();
  const deleteDialog = page.getByRole('dialog', { name: 'Delete establishment' });
  await deleteDialog.getByRole('button', { name: 'Delete establishment' }).click();
  await expect(deleteDialog.getByRole('alert')).toHaveText(
    'This establishment still has staff or schedules. Move them first.',
  );
  await deleteDialog.getByRole('button', { name: 'Cancel' }).click();

  // The owner makes the colleague a Manager and takes their establishment role away. The staff list is
  // cached for 2 minutes (spec §7): a reload shows the member who joined meanwhile.
  await orgNav(page).getByRole('link', { name: 'Staff' }).click();
  await page.reload();
  const members = page.getByRole('region', { name: 'Members' });
  const colleagueName = `${colleague.firstName} ${colleague.lastName}`;
  await members.getByRole('button', { name: `Change the role of ${colleagueName}` }).click();
  const roleDialog = page.getByRole('dialog', { name: 'Change role' });
  await roleDialog.getByLabel('New role').selectOption({ label: 'Manager' });
  await roleDialog.getByRole('button', { name: 'Change role' }).click();
  await expect(roleDialog).toBeHidden();
  const colleagueRow = members.getByRole('row', { name: new RegExp(colleague.email) });
  await expect(colleagueRow).toContainText('Manager');
  await expect(colleagueRow).toContainText('Studio Norte: Instructor');

  await members.getByRole('button', { name: `Edit the establishment roles of ${colleagueName}` }).click();
  const rolesDialog = page.getByRole('dialog', { name: 'Establishment roles' });
  await rolesDialog.getByRole('button', { name: 'Remove the role at Studio Norte' }).click();
  await rolesDialog.getByRole('button', { name: 'Save' }).click();
  await expect(rolesDialog).toBeHidden();
  await expect(colleagueRow).not.toContainText('Studio Norte');

  // With no staff left, the establishment can go.
  await orgNav(page).getByRole('link', { name: 'Establishments' }).click();
  await page.getByRole('button', { name: 'Delete Studio Norte' }).click();
  await deleteDialog.getByRole('button', { name: 'Delete establishment' }).click();
  await expect(deleteDialog).toBeHidden();
  await expect(page.getByText('There are no establishments yet.', { exact: false })).toBeVisible();

  // Removal takes effect on the colleague's next request.
  await orgNav(page).getByRole('link', { name: 'Staff' }).click();
  await members.getByRole('button', { name: `Remove ${colleagueName}` }).click();
  await page
    .getByRole('dialog', { name: 'Remove staff member' })
    .getByRole('button', { name: 'Remove member' })
    .click();
  await expect(members.getByRole('row', { name: new RegExp(colleague.email) })).toHaveCount(0);
  await colleaguePage.goto('/app/select-organization');
  await expect(colleaguePage.getByText("You don't belong to any organization yet")).toBeVisible();
});

test('a colleague who just joined is offered as instructor without a reload; the owner too, once linked to the establishment', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const owner = person('Paula', 'Owner');
  const colleague = person('Igor', 'Instructor');
  const organizationName = `Studio ${randomUUID().slice(0, 8)}`;
  await setUpOrganization(page, owner, organizationName, 'Studio Sul');

  // The staff page loads the staff list; the colleague joins meanwhile in their own browser.
  await orgNav(page).getByRole('link', { name: 'Staff' }).click();
  const link = await invite(page, colleague.email, { role: 'Viewer', establishment: 'Instructor' });
  const colleaguePage = await newPage(browser, baseURL);
  await signUpThroughInvitation(colleaguePage, link, colleague, organizationName);

  // The schedule form offers them at once; the owner, linked to no establishment, is not offered yet.
  await orgNav(page).getByRole('link', { name: 'Schedules' }).click();
  await page.getByRole('link', { name: 'New schedule' }).click();
  await expect(page.getByRole('heading', { name: 'New schedule', level: 1 })).toBeVisible();
  await page.getByLabel('Establishment', { exact: true }).selectOption({ label: 'Studio Sul' });
  await expectAccessible(page, 'the schedule form');
  const instructor = page.getByLabel('Instructor', { exact: true });
  await expect(instructor.getByRole('option', { name: 'Igor Instructor' })).toHaveCount(1);
  await expect(instructor.getByRole('option', { name: 'Paula Owner' })).toHaveCount(0);

  // The form says how someone becomes an instructor: the owner gives themselves a role at Studio Sul.
  await page.getByRole('link', { name: 'Give someone a role on the Staff page' }).click();
  const members = page.getByRole('region', { name: 'Members' });
  await members.getByRole('button', { name: 'Edit the establishment roles of Paula Owner' }).click();
  const rolesDialog = page.getByRole('dialog', { name: 'Establishment roles' });
  await rolesDialog.getByRole('button', { name: 'Add establishment role' }).click();
  await rolesDialog.getByLabel('Role in the establishment').selectOption({ label: 'Instructor' });
  await rolesDialog.getByRole('button', { name: 'Save' }).click();
  await expect(rolesDialog).toBeHidden();

  await orgNav(page).getByRole('link', { name: 'Schedules' }).click();
  await page.getByRole('link', { name: 'New schedule' }).click();
  await expect(page.getByRole('heading', { name: 'New schedule', level: 1 })).toBeVisible();
  await page.getByLabel('Establishment', { exact: true }).selectOption({ label: 'Studio Sul' });
  await instructor.selectOption({ label: 'Paula Owner' });
  await expect(instructor).not.toHaveValue('');
});
