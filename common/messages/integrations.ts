import { count } from './plural.js';

/** Sign-in providers, Slack, the outlet directory, the workspace, public reports and feed parsing. */
export const INTEGRATIONS_MSG = {
  identity: {
    resetRequested: 'If an account uses this address, we sent a link to reset its password.',
    resetRateLimited: 'Too many reset requests. Please wait an hour and try again.',
    resetLinkUnknown: 'This password reset link is not valid. Ask for a new one.',
    resetLinkExpired: 'This password reset link has expired or was already used. Ask for a new one.',
    resetSubject: 'Reset your Coverwatch password',
    passwordChanged: 'Your password was changed and you are logged in.',
    passwordHint: 'At least 8 characters. A few unrelated words make a strong password that is easy to remember.',
    verifyLinkUnknown: 'This confirmation link is not valid.',
    verifyLinkExpired: 'This confirmation link has expired or was already used.',
    verifyEmailChanged: 'This link was sent to an address your account no longer uses.',
    verifySubject: 'Confirm your e-mail address for Coverwatch',
    emailVerified: 'Your e-mail address is confirmed.',
    alreadyVerified: 'Your e-mail address is already confirmed.',
    verificationRateLimited: 'We already sent several links. Please wait an hour and try again.',
    verificationSent: (email: string) => `We sent a new link to ${email}.`,
    banner: (email: string) => `Confirm your address: we sent a link to ${email}.`,
    sendAgain: 'Send it again',
    forgotPassword: 'Forgot password?',
    forgotTitle: 'Reset your password',
    forgotIntro: 'Type the e-mail address of your account and we will send you a link to choose a new password.',
    sendLink: 'Send the link',
    backToLogin: 'Back to login',
    resetTitle: 'Choose a new password',
    newPassword: 'New password',
    confirmPassword: 'Confirm the new password',
    savePassword: 'Save the password',
    requestNewLink: 'Ask for a new link',
    verifyTitle: 'Confirm your e-mail address',
    verifying: 'Confirming your address…',
    continueToApp: 'Continue to Coverwatch',
    ssoButton: (label: string) => `Log in with ${label}`,
    ssoFailed: 'Single sign-on did not complete',
  },
  /** Single sign-on with OpenID Connect (issue 15): the sentences /login?sso_error= shows, and the callback page. */
  oidc: {
    notConfigured: 'Single sign-on is not set up on this installation. Log in with your e-mail and password.',
    unreachable: (label: string) => `${label} cannot be reached right now. Try again in a few minutes, or log in with your password.`,
    loginExpired: 'This sign-in took too long or was already used. Please start again.',
    refused: (label: string) => `${label} did not complete the sign-in. Please try again.`,
    invalidAnswer: (label: string) => `The answer from ${label} could not be verified. Please try again.`,
    noEmail: (label: string) => `${label} did not share an e-mail address, so no Coverwatch account can be matched.`,
    unverifiedEmail: (email: string) =>
      `${email} is not verified at your identity provider, so it cannot be linked to a Coverwatch account. Log in with your password instead.`,
    accountUnverified: (email: string) =>
      `The Coverwatch account for ${email} has not confirmed its address yet. Log in with your password, confirm it, then use single sign-on.`,
    noAccount: (email: string) => `No Coverwatch account uses ${email}. Ask your admin for an invitation.`,
    returnTo: 'return_to must be a path of this app that starts with a single /',
    tooManyFromHere: 'Too many sign-ins were started from your network just now. Please wait a minute and try again.',
    tooManyPending: 'Too many sign-ins are in progress right now. Please try again in a few minutes.',
    signingIn: 'Signing you in…',
    signingOut: 'Logging out…',
  },
  /** The Slack app (issue 15): install, channels, disconnect; the /slack/installed page's reasons. */
  slack: {
    notConfigured:
      'Slack is not set up on this server: its administrator sets SLACK_CLIENT_ID and SLACK_CLIENT_SECRET (and SLACK_SIGNING_SECRET for uninstall events) from a Slack app.',
    eventsNotConfigured: 'Slack events are not set up on this server (SLACK_SIGNING_SECRET).',
    notInstalled: 'The Slack app is not installed for this organization.',
    revokedNow: 'Slack no longer accepts the app: it was disconnected. Reinstall it from Settings.',
    revoked: (date: string) => `Slack was disconnected on ${date}: reinstall the app to post to channels again.`,
    installed: "Coverwatch is installed in your Slack workspace. Choose a channel in a project's alert to post its coverage there.",
    installFailed: 'Slack was not connected.',
    reasons: {
      invalid_state: 'The link that started the install is not valid. Start again from Settings.',
      expired_state: 'The install took longer than 10 minutes. Start again from Settings.',
      access_denied: 'The install was cancelled on Slack.',
      not_configured: 'Slack is not set up on this server.',
      exchange_failed: 'Slack did not confirm the install. Try again in a moment.',
      missing_code: 'Slack did not send the install code back. Start again from Settings.',
      internal: 'Something went wrong while saving the install. Try again in a moment.',
    } as Record<string, string>,
    refreshed: (n: number) => `${count(n, 'channel')} listed`,
    disconnected: 'Slack was disconnected.',
    disconnectConfirm: 'Disconnect Slack? Alerts stop posting to Slack channels until the app is installed again.',
    channelsFailed: 'Could not load the Slack channels',
    noChannels: 'No channels were listed. Refresh the list from Settings after creating or inviting the app to one.',
    testSent: (channel: string) => `Slack accepted the test message in #${channel}.`,
    testFailed: (reason: string) => `The test message was not posted: ${reason}`,
  },
  /**
   * The outlet directory, its source packs, outlet suggestions and what is being watched
   * (issue 25), as the web shows them.
   */
  outlets: {
    directorySummary: (outlets: number, languages: number, enabled: number, packs: number) =>
      `Directory: ${count(outlets, 'outlet')} in ${count(languages, 'language')} · ${enabled} of ${count(packs, 'pack')} enabled`,
    packCounts: (outlets: number, enabled: number) => `${count(outlets, 'outlet')} · ${enabled.toLocaleString('en')} enabled`,
    packOn: (name: string) => `${name} is switched on: its outlets are fetched from now on.`,
    packOff: (name: string) => `${name} is switched off: its outlets are no longer fetched.`,
    packAdminOnly: 'Only admins of the platform operator can switch packs on or off.',
    firstRunTitle: (outlets: number, languages: number) => `Start monitoring ${count(outlets, 'outlet')} in ${count(languages, 'language')}`,
    firstRunIntro:
      "Coverwatch ships with a directory of news outlets, grouped into packs by language and topic. Switching a pack on makes Coverwatch fetch its outlets' public feeds over the internet; nothing is fetched until you switch one on.",
    firstRunLater: 'You can change this at any time under Websites → Source packs.',
    firstRunStarted: (packs: number) => `${count(packs, 'pack')} switched on: the first articles arrive within minutes.`,
    firstRunFailed: (failed: number) => `${count(failed, 'pack')} could not be switched on. Try again, or switch them on under Websites → Source packs.`,
    watching: (outlets: number, languages: number, lastCrawl: string | null) =>
      `Watching ${count(outlets, 'outlet')} in ${count(languages, 'language')} · ${lastCrawl ? `last crawl ${lastCrawl}` : 'no crawl yet'}.`,
    watchingHint: 'New articles that match your keywords appear here.',
    nothingWatched: 'No outlet is being monitored yet: the platform operator has not switched on any source.',
    askAdmin: 'Ask an admin of your organization to suggest the outlets you need.',
    operatorHint: 'Switch on the packs of the languages and topics your customers need.',
    suggestIntro: 'Give the address of a news site (its domain or any page). Coverwatch looks for its feeds, and the platform operator reviews the suggestion.',
    suggestLooking: (domain: string) => `Looking for feeds on ${domain}…`,
    suggestLookingDetail: 'Reading the site and its feeds can take up to half a minute.',
    suggestFound: (feeds: number, domain: string) => `We found ${count(feeds, 'feed')} on ${domain} — the platform operator will review it.`,
    suggestNoFeed: (domain: string) =>
      `We found no feed or news sitemap on ${domain}. The platform operator will look at it, but an outlet without a feed cannot be monitored yet.`,
    suggestMonitored: (domain: string) => `${domain} is already monitored: its articles are in the archive.`,
    suggestInDirectory: (domain: string) => `${domain} is already in the directory, waiting to be switched on. The platform operator will review it.`,
    suggestAdded: (domain: string) => `Added ${domain}: its articles arrive within minutes.`,
    suggestAlreadyAsked: (domain: string) => `${domain} was already suggested by your organization and is waiting for review.`,
    suggestionApproved: (domain: string) => `${domain} approved: its feeds are fetched from now on.`,
    suggestionRejected: (domain: string) => `${domain} rejected.`,
    noFeedToApprove: 'Nothing to monitor: no feed or news sitemap was found for this outlet',
    noSuggestions: {
      pending: 'No suggestion is waiting for review.',
      approved: 'No suggestion has been approved yet.',
      rejected: 'No suggestion has been rejected.',
    },
    /** In parts, so that the new address can be a link: ['Feed moved to ', to, ' on 27 Nov 2026']. */
    feedMoved: <T>(to: T, date: string) => ['Feed moved to ', to, ` on ${date}`] as const,
    moveReason: { redirect: '(the old address redirected permanently)', rediscovered: "(found again on the outlet's homepage)" },
    origin: {
      operator: 'Added by the operator',
      directory: 'From the directory',
      suggestion: 'Suggested by an organization',
      discovery: 'Found by feed discovery',
    },
    discoverNone: 'No feed or news sitemap was found on this site.',
    discoverChoose: 'Choose the feed to monitor; it fills the Feed URL field.',
  },
  /** Workspace preferences (issue 15 "small spec items"). */
  workspace: {
    projectsFirstOn: 'Coverwatch now opens on the projects page',
    projectsFirstOff: 'Coverwatch now opens on the articles feed',
  },
  /** The public report's frame (issue 27 "custom branding"): the organization heads it, this line sits at its foot. */
  publicReport: {
    madeWith: 'Made with Coverwatch',
  },
  /** A feed's last error when the crawler stops reading it (issue 27 "Feeds, measured against an outside corpus"). */
  feedParse: {
    tooSlow: (seconds: number) =>
      `Reading the feed took longer than ${seconds.toLocaleString('en')} s and was stopped: the feed is far too large, or built to be slow to read`,
  },
} as const;
