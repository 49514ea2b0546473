/**
 * The specification's message catalogue (001 §8, 000 §5). Components and the server take
 * their words from here; never retype a message.
 */
export const MSG = {
  status: {
    200: 'Action successful!',
    201: 'Item was added correctly!',
    204: 'Update successfully done!',
    400: 'Bad request. Please check your filters and try again.',
    401: 'Your session has expired. Please log in again.',
    403: 'Forbidden. You do not have access to this resource.',
    404: 'Not found. The item you are looking for does not exist.',
    408: 'The request timed out. Please try again.',
    409: 'Conflict. The item was changed or already exists.',
    413: 'The file or request is too large.',
    415: 'This type of content is not supported.',
    422: 'There was a problem adding the item. Please check the form and try again.',
    429: 'Too many attempts. Please wait a few minutes and try again.',
    500: 'Server error. Please try again or contact support.',
    502: 'Bad gateway. Please try again or contact support.',
    503: 'Service unavailable. Please try again in a few minutes.',
    504: 'Server timeout. Please try again or contact support.',
  } as Record<number, string>,
  networkFail: 'Network request fail',
  emptyTable: 'No matching data was found.',
  somethingWrong: 'Something went wrong',
  validation: {
    nameRequired: 'Name is required',
    nameLength: 'Name must be between 2 and 60 characters',
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email address',
    passwordRequired: 'Password is required',
    passwordLength: 'Password must be at least 8 characters',
    passwordsMismatch: 'The passwords do not match',
    terms: 'Please agree to the terms to create your account',
    brandLength: 'Brand name must be between 3 and 50 characters',
    organizationLength: 'Organization name must be between 3 and 30 characters',
    projectLength: 'Project name must be between 3 and 30 characters',
    organizationEmpty: 'Organization name cannot be empty',
    projectNeedsBrand: 'Please choose a brand for the project',
    tagLength: 'Tag name must be at least 4 characters',
    alertKeywords: 'Keywords must be at least 5 characters',
    feedKeyword: 'Keyword must be at least 3 characters',
    captcha: 'Please solve the captcha to continue',
    imageType: 'Only JPEG or PNG images are allowed',
    imageTooLarge: 'The image is too large (5 MB at most)',
    avatarNotUploaded: 'Choose an image uploaded to this organization',
    // Not in the catalogue (which only has the mismatch): an empty confirmation says what to do.
    confirmPasswordRequired: 'Please type your password again',
  },
  auth: {
    badCredentials: 'Wrong email or password',
    tooManyAttempts: 'Too many failed attempts. Please wait a few minutes and try again.',
    /** Past an address's limits (a shared network, or someone guessing from it): the right password still works with the check solved. */
    captchaRequired: 'There were many failed logins from your network. Tick “I am not a robot” below, then log in again.',
    sessionExpired: 'Your session has expired. Please log in again.',
    emailTaken: 'An account with this email already exists',
  },
  modal: {
    projectEdited: 'Project has been edited.',
    projectCreated: 'New Project has been saved.',
    projectArchived: 'Project has been archived.',
    projectActivated: 'Project has been re-activated.',
    tagEdited: 'Tag has been edited.',
    tagCreated: 'New Tag has been saved.',
    tagArchived: 'Tag has been archived.',
    tagActivated: 'Tag has been re-activated.',
    brandEdited: 'Brand has been edited.',
    brandCreated: 'New Brand has been saved.',
    brandArchived: 'Brand has been archived. Bye bye!',
    brandActivated: 'Brand has been activated!',
    userSettings: 'User settings updated correctly',
    settingsFailure: 'Something went wrong',
    highlightSaved: 'Highlight saved!',
    highlightRemoved: 'Highlight removed!',
    highlightFailed: 'Something went wrong. Please try again.',
  },
  organization: {
    nameEmpty: 'Organization name cannot be empty',
    addFailed: 'something went wrong',
    updateFailed: 'Something went wrong',
    kicked: 'Member removed from the organization.',
    promoted: 'Member promoted to admin.',
    limitReached: 'Your plan does not allow more organizations.',
  },
  billing: {
    portalFailure:
      'There was an error communicating with the payment platform. Please try again or contact support.',
    noCustomer: 'Your account does not have a customer associated with it.',
    noCustomerId: 'No customer id was found. Please contact support.',
    contactAdmin: 'Contact the admin of your organization to upgrade your subscription.',
    upgrade: 'You need to upgrade your current subscription to keep using this feature.',
    projectLimit: 'Your plan does not allow more active projects.',
    // Not in the catalogue: the upgrade dialog, banners and return from checkout (issue 14); plain wording.
    notConnected: (contact: string) => `Billing is not connected on this server. Write to ${contact} to choose or change your plan.`,
    notOnSale: 'This plan is not on sale on this server yet.',
    alreadySubscribed: 'Your organization already has a subscription. Change your plan in the customer portal.',
    checkoutFailure: 'The payment page could not be opened. Please try again or contact support.',
    // The trial's line in the workspace's notice bar (issue 27: one compact bar), short enough to share it.
    trialDaysLeft: (days: number) => (days <= 1 ? 'Last day of your free trial' : `${count(days, 'day')} left in your free trial`),
    paymentFailed: 'The last payment for your subscription failed. Update your payment method to keep your workspace open.',
    trialEnded: 'Your free trial has ended',
    subscriptionEnded: 'Your subscription has ended',
    confirmingPayment: 'Confirming your payment…',
    paymentPending: 'Your payment is being confirmed. Your plan will switch within a few minutes; you can keep working meanwhile.',
    addonsOnRequest: 'Add-ons are priced on request: tell us what you need and we will send you an offer.',
    // Not in the catalogue: the alerts-per-project limit (issue 27), ending with the spec's upgrade sentence.
    alertLimit: (max: number) =>
      `Your plan allows ${count(max, 'alert')} per project. You need to upgrade your current subscription to keep using this feature.`,
    /** Why a one-alert plan offers no second alert (the feed's "Add another alert"). */
    singleAlert: 'Your plan includes a single alert per project. Multiple alerts come with the Agency plan.',
  },
  signup: {
    somethingWrong: 'Something went wrong',
    errorCode: 'There was an error with the signup process. Please contact support with the following error code: ',
    createFailed: 'An error occurred while creating the account',
    inviteInvalid: 'Invitation link is not valid or expired',
    inviteFetch: 'Error: Failed to fetch invitation link',
    noAccess: "You don't have access to the link. Please try again.",
    // Not in the catalogue: plain wording.
    twitchUnavailable: 'Twitch is not connected on this server, so a stream alert cannot be set up yet.',
  },
  pages: {
    notFound: "The page you're looking for is not found",
    serverError: 'Whoops, something went wrong',
    customerNotFound: 'Customer not found',
    noOrg: 'Contact an admin of your organization to get access.',
  },
  exports: {
    ready: 'Export ready. Starting download...',
    readyDownloading: 'Your export is ready. Downloading...',
    failure: 'There was an issue generating the CSV. Please, try again or contact support',
    emailed: 'Your export is being processed. You will receive it on your email in a few minutes!',
    emailFailure: 'There was an error processing your export. Try again or contact support.',
  },
  settings: {
    billingNotConnected: 'Billing is not connected on this server yet, so the subscription cannot be managed here.',
    onlyAdminsTitle: 'Only admins can manage the organization',
    onlyAdmins: 'Ask an admin of your organization to change its name or logo, or to manage its members.',
    inviteAskAdmin: 'Only admins can invite people. Ask an admin of your organization for an invitation link.',
    inviteHelp:
      'Anyone with this link can create an account in your organization, as a User, until it expires. Admins can promote members later.',
    slackNotConnected:
      'Slack is not connected on this server yet. Once an administrator of this Coverwatch server sets it up, you can install Coverwatch in your Slack workspace from here.',
    notificationsPending:
      'Email notifications for each project arrive together with alerts. There is nothing to set up yet: this card will list your projects with their notification settings.',
  },
  notifications: {
    set: 'Could not set notifications',
    get: 'Could not get notifications',
    settings: 'Could not get your notifications settings',
  },
  /** E-mail digests: the settings card's words and the public unsubscribe page (issue 15). */
  digests: {
    cardDescription: 'Get an e-mail with the new coverage of a project: once a day, or as soon as it arrives.',
    noProjects: 'Your organization has no active project yet. Create one, and you can have its new coverage e-mailed to you.',
    daily: 'Daily',
    instant: 'Instant',
    unsubscribeTitle: 'Stop these e-mails?',
    unsubscribeConfirm: 'Unsubscribe',
    unsubscribed: 'You are unsubscribed',
    unsubscribedDetail: 'You will no longer get e-mails about this project. Your other projects are not affected.',
    unsubscribeUnknown: 'This unsubscribe link is not valid. It may have been copied incompletely.',
    unsubscribeFailed: 'Could not unsubscribe. Please try again.',
    turnBackOn: 'You can switch it back on in your notification settings.',
  },
  /** Websites and their feeds, for the platform operator (001 §8, 000 §5 add-website). */
  websites: {
    added: 'Website was added correctly!',
    feedAdded: 'Website feed was added correctly!',
    invalidUrl: 'Ups! Website URL is not valid',
    invalidFeed: 'Ups! Feed URL is not valid',
    // Not in the catalogue (its wording for these fields is not shown); kept short and plain.
    domainRequired: 'Website URL is required',
    feedRequired: 'Feed URL is required',
    reachRequired: 'Media score is required',
    reachRange: 'Media score must be between 0.1 and 10',
    languageRequired: 'Language is required',
    languageUnknown: 'Please choose a language from the list',
    domainTaken: 'This website already exists',
    feedTaken: 'This feed already exists',
    feedUpdated: 'Feed has been edited.',
    feedDeleted: 'Feed deleted.',
    websiteUpdated: 'Website has been edited.',
    opmlImported: (created: number, skipped: number, invalid: number) =>
      `OPML imported: ${count(created, 'feed')} added, ${skipped.toLocaleString('en')} already known, ${invalid.toLocaleString('en')} invalid.`,
    opmlInvalid: 'The file is not a valid OPML document',
    opmlTooLarge: 'An OPML import is limited to 5,000 feeds',
  },
  /** Saved coverage, bulk actions, previews and headline tools (001 §8 "Articles and bulk"). */
  articles: {
    alreadyExists: "Articles couldn't be saved - They already exist on Saved Coverage",
    missingData: 'Title, language or date is missing in this article',
    noLinks: 'No links were found.',
    tooManyLinks: 'Importing articles is limited to a maximum of 1000.',
    bulkFailed: 'Error during bulk action.',
    saveFailed: 'There was an error saving the articles. Try again or contact support.',
    edited: 'Article has been edited.',
    created: 'New Article has been saved.',
    noPreview: 'No preview was found for this article.',
    dateNotFound: 'Date not found',
    translateError: 'Error translating the headline',
    sentimentError: 'Error getting the sentiment for the headline',
    // Not in the catalogue (its wording for forms is not shown); kept short and plain.
    tagRequired: 'Please choose a tag',
    tagInactive: 'Please choose an active tag of this organization',
    invalidUrl: 'Please enter a valid link',
    titleTooLong: 'Title must be at most 127 characters',
    reachRange: 'Media score must be between 0.1 and 10',
    headlineRequired: 'A headline is required',
    translateNotConnected: 'Translation is not connected on this server yet. An administrator can set TRANSLATE_URL to enable it.',
    /** The sentiment model (VADER) reads English only: said instead of a confident "neutral". */
    sentimentUnavailable: 'Sentiment is not available for this language',
    /** "{n} article(s) saved. {m} couldn't be saved as they already exist on Saved Coverage" */
    partialSave: (saved: number, failed: number) =>
      `${count(saved, 'article')} saved. ${failed.toLocaleString('en')} couldn't be saved as ${failed === 1 ? 'it already exists' : 'they already exist'} on Saved Coverage`,
    savedCount: (n: number) => `${count(n, 'article')} saved on your Saved coverage!`,
    importedCount: (n: number) => `Successfully imported ${count(n, 'article')}.`,
    deletedCount: (n: number) => `${count(n, 'article')} deleted.`,
    failedCount: (n: number) => `${count(n, 'article')} failed`,
  },
  /** Article alerts and the articles feed (001 §8 "Alerts and feeds", 000 §5). */
  alerts: {
    created: 'Feed created correctly!',
    createdNamed: (name: string) => `Successfully created ${name} alert.`,
    updated: 'Your feed has been updated correctly!',
    createFailed: 'There was an error creating the feed. Please, try again or contact support',
    updateFailed: 'There was an error updating the feed. Please, try again or contact support',
    keywordsFailed: 'Something went wrong! Please, try again or contact support.',
    regionFirst: 'Select a region first to filter by countries',
    // Not in the catalogue; plain wording for the score inputs (000 §5: min must be below max).
    minBelowMax: 'Minimum score must be below the maximum',
    slackPrompt: 'Enable Slack for your organization in Settings to post new articles to a channel.',
    /** "Delete is worded similarly" to the partial save (001 §8). */
    partialDelete: (deleted: number, failed: number) => `${count(deleted, 'article')} deleted. ${failed.toLocaleString('en')} couldn't be deleted`,
  },
  /** Server-side rules of alerts, the articles feed and its exports (not in the catalogue: plain wording). */
  alertsApi: {
    projectHasAlert: 'This project already has an alert',
    nameLength: 'Alert name must be at most 100 characters',
    minReachRange: 'Minimum media score must be between 0 and 10',
    webhookUrl: 'Please enter a valid webhook link (http or https)',
    channelLength: 'Slack channel must be at most 200 characters',
    queryRequired: 'A search query is required',
    regionalFilters: 'Region, country and EA-only filters are not available for your organization',
    tooManyIds: 'An export of selected articles is limited to 10000 articles',
    /** The alert preview (POST alerts/preview, p/free_user/alert_preview) ran past its time budget. */
    previewTimeout: 'The preview took too long. Try more specific keywords.',
    /** Too many sign-up previews from one address. */
    previewRateLimited: 'Too many previews in a short time. Please wait a minute.',
  },
  /** The Saved articles screen (001 §8 "Articles and bulk"). */
  savedArticles: {
    /** The partial bulk import, shown with failedCount (001 §8). */
    importedSome: (n: number) => `${count(n, 'article')} imported.`,
    /** "Successfully deleted {resource}." (001 §8) */
    deleted: 'Successfully deleted article.',
    // Not in the catalogue; worded like the tag messages.
    archived: 'Article has been archived.',
    activated: 'Article has been re-activated.',
    noAlert: 'This project has no alert yet. Set one up on the Articles feed to import the articles it finds.',
    noAlertShort: 'Needs an alert: set one up on the Articles feed',
    feedAllSaved: 'Every article on the first page of the feed is already saved.',
  },
  /** Super Search screen (001 §8); e-mailed export messages are under `exports`, the upgrade hint under `billing`. */
  supersearch: {
    empty: 'Your request returned 0 results. Consider changing the search term or date range.',
    // Not in the catalogue; plain wording.
    searchFailed: 'The search could not be completed. Please try again.',
    // Server-side rules of the Super Search calls (not in the catalogue; plain wording).
    timeout: 'The search took too long. Narrow the terms or the date range.',
    // Shown while the page is on screen and the volume call is still counting the matches.
    counting: 'Counting…',
    /** The volume call timed out after the page came: the list is whole, the total and chart are not. */
    countTimeout: 'All the results are listed, but counting them and drawing the chart took too long. Try a shorter date range.',
    countTimeoutShort: 'Not counted',
    queryRequired: 'Enter at least one term',
    fromDateRequired: 'Choose a from date',
    toDateRequired: 'Choose a to date',
    invalidDate: 'Please enter a valid date (YYYY-MM-DD)',
    /** Before the plan's months of history (`byPlan`, with the spec's upgrade sentence), or before the archive's first day. */
    dateTooEarly: (earliest: string, byPlan = true) =>
      byPlan
        ? `Dates cannot be earlier than ${earliest} on your plan. You need to upgrade your current subscription to keep using this feature.`
        : `Dates cannot be earlier than ${earliest}`,
    dateInFuture: 'The to date cannot be in the future',
    toBeforeFrom: 'The to date must not be before the from date',
    minScoreRange: 'Minimum score must be between 0.1 and 10',
    maxScoreRange: 'Maximum score must be between 0 and 10',
    badCursor: 'This page link is not valid for this search. Start again from the first page.',
    tagNotInProject: 'Please choose a tag of this project',
    exportReadySubject: 'Your Super Search export is ready',
    exportFailedSubject: 'Your Super Search export failed',
  },
  /** Reports, highlights and their PDF (001 §8 "Report limits", 000 §5 reports). */
  reports: {
    noArticles: '0 articles found with these filters!',
    tooManyArticles: 'Reports can only have a maximum of 10000 articles',
    nameUpdated: 'Report name updated correctly',
    /** "Successfully deleted {resource}." (001 §8) */
    deleted: 'Successfully deleted report.',
    imageError: 'There was an error getting the image. Please try again.',
    // Not in the catalogue; plain wording.
    nameLength: 'Report title must be between 3 and 127 characters',
    nameSingleLine: 'Report title must be a single line',
    dateInvalid: 'Please choose a valid date (YYYY-MM-DD)',
    datesOrder: 'The start date must be on or before the end date',
    tooManyHighlights: 'A report can highlight at most 20 articles',
    highlightNotInReport: 'This highlighted article is not one of the report’s articles',
    unknownPlaceholder: (name: string) => `Unknown placeholder {{${name}}} in the row template`,
    limitReached: 'Your plan does not allow more reports.',
    pdfUnavailable: 'PDF download is not available on this server: Chromium was not found.',
    pdfFailed: 'The report could not be printed. Please try again in a few minutes.',
    pdfBusy: 'Too many reports are being printed right now. Please try again in a minute.',
  },
  /** The YouTube feed and saved videos (001 §8 "Alerts and feeds", "Video feed"; modal successes). */
  videos: {
    created: 'Feed created correctly!',
    updated: 'Your feed has been updated correctly!',
    createFailed: 'There was an error creating the feed. Please, try again or contact support',
    updateFailed: 'There was an error updating the feed. Please, try again or contact support',
    refreshFailed: 'There was an error getting new videos for your Youtube Feed. Please try again or contact support.',
    previewFailed: 'Something went wrong with your preview. Please try again or contact support.',
    /** "save failure shows the server detail plus a period" (001 §8). */
    saveFailed: (detail: string) => `${detail.replace(/\.$/, '')}.`,
    editFailed: 'Something went wrong updating the video',
    /** Saved videos delete error (001 §8). */
    deleteFailed: 'Something went wrong.',
    feedEdited: 'Feed has been edited.',
    feedSaved: 'New Feed has been saved.',
    upgrade: 'You need to upgrade your current subscription to keep using this feature.',
    alreadySaved: "Videos couldn't be saved - They already exist on Saved Coverage",
    // Not in the catalogue; plain wording.
    notConnected: 'YouTube is not connected on this server: set YOUTUBE_API_KEY.',
    notFoundAtUrl: 'No YouTube video was found at this address',
    refreshQueued: 'Getting new videos for your YouTube Feed',
    savedCount: (n: number) => `${count(n, 'video')} saved on your Saved coverage!`,
    deletedCount: (n: number) => `${count(n, 'video')} deleted.`,
    partialSave: (saved: number, failed: number) =>
      `${count(saved, 'video')} saved. ${failed.toLocaleString('en')} couldn't be saved as ${failed === 1 ? 'it already exists' : 'they already exist'} on Saved Coverage`,
    videoAdded: 'Item was added correctly!',
    videoEdited: 'Video has been edited.',
    minBelowMax: 'The minimum must not be above the maximum',
  },
  /** The Twitch feed and saved streams (001 §8 "Alerts and feeds", "Stream feed"; modal successes). */
  streams: {
    created: 'Feed created correctly!',
    updated: 'Your feed has been updated correctly!',
    createFailed: 'There was an error creating the feed. Please, try again or contact support',
    updateFailed: 'There was an error updating the feed. Please, try again or contact support',
    deleteFailed: 'Something went wrong. Please try again or contact support',
    refreshQueued: 'Getting new streams for your Twitch Feed',
    refreshFailed: 'There was an error getting new streams for your Twitch Feed. Please try again or contact support.',
    /** "save failure shows the server detail plus a period" (001 §8, as for videos). */
    saveFailed: (detail: string) => `${detail.replace(/\.$/, '')}.`,
    editFailed: 'Something went wrong updating the stream',
    /** Saved streams delete error: worded as the saved videos' (001 §8). */
    savedDeleteFailed: 'Something went wrong.',
    feedEdited: 'Feed has been edited.',
    feedSaved: 'New Feed has been saved.',
    upgrade: 'You need to upgrade your current subscription to keep using this feature.',
    alreadySaved: "Streams couldn't be saved - They already exist on Saved Coverage",
    // Not in the catalogue; plain wording.
    notConnected: 'Twitch is not connected on this server: set TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET.',
    notFoundAtUrl: 'No Twitch stream or video was found at this address',
    previewFailed: 'Something went wrong with your preview. Please try again or contact support.',
    gameRequired: 'Please choose a game',
    savedCount: (n: number) => `${count(n, 'stream')} saved on your Saved coverage!`,
    deletedCount: (n: number) => `${count(n, 'stream')} deleted.`,
    partialSave: (saved: number, failed: number) =>
      `${count(saved, 'stream')} saved. ${failed.toLocaleString('en')} couldn't be saved as ${failed === 1 ? 'it already exists' : 'they already exist'} on Saved Coverage`,
    streamAdded: 'Item was added correctly!',
    streamEdited: 'Stream has been edited.',
    minBelowMax: 'The minimum must not be above the maximum',
  },
  /** Slack and Discord webhooks and channels checked when saved (alerts, video and stream feeds). */
  webhooks: {
    slackHost: 'Use a Slack incoming-webhook URL (https://hooks.slack.com/services/…)',
    discordHost: 'Use a Discord webhook URL (https://discord.com/api/webhooks/…)',
    unknownSlackChannel: 'This channel is not in your Slack workspace: refresh the channel list and pick it again',
    testText: (project: string) => `Coverwatch will post new coverage of ${project} here.`,
    testSent: (service: string) => `Test message sent to ${service}`,
  },
  /** Password reset, e-mail verification and the login page's extras (issue 15; plain wording, not in the catalogue). */
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
    installed: 'Coverwatch is installed in your Slack workspace. Choose a channel in a project\'s alert to post its coverage there.',
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
    suggestNoFeed: (domain: string) => `We found no feed or news sitemap on ${domain}. The platform operator will look at it, but an outlet without a feed cannot be monitored yet.`,
    suggestMonitored: (domain: string) => `${domain} is already monitored: its articles are in the archive.`,
    suggestInDirectory: (domain: string) => `${domain} is already in the directory, waiting to be switched on. The platform operator will review it.`,
    suggestAdded: (domain: string) => `Added ${domain}: its articles arrive within minutes.`,
    suggestAlreadyAsked: (domain: string) => `${domain} was already suggested by your organization and is waiting for review.`,
    suggestionApproved: (domain: string) => `${domain} approved: its feeds are fetched from now on.`,
    suggestionRejected: (domain: string) => `${domain} rejected.`,
    noFeedToApprove: 'Nothing to monitor: no feed or news sitemap was found for this outlet',
    noSuggestions: { pending: 'No suggestion is waiting for review.', approved: 'No suggestion has been approved yet.', rejected: 'No suggestion has been rejected.' },
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

const PLURAL = new Intl.PluralRules('en');

/**
 * "1 outlet", "1,204 outlets", "0 articles": the count and its noun by the language's plural
 * rules (Intl.PluralRules), for every count message. `plural` names an irregular plural.
 */
export function count(n: number, word: string, plural = `${word}s`): string {
  return `${n.toLocaleString('en')} ${PLURAL.select(n) === 'one' ? word : plural}`;
}

export function statusMessage(status: number): string {
  return MSG.status[status] ?? MSG.status[500];
}
