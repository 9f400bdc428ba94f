# English. Messages are Telegram HTML: variables arrive already escaped.

## Commands (menu descriptions)
cmd-start = Welcome and how to connect
cmd-help = Every command
cmd-connect = Connect your exchange API key
cmd-disconnect = Remove your API key
cmd-balance = Balances and portfolio value
cmd-price = Buy and sell prices
cmd-settings = Language, time zone, alerts, daily digest
cmd-cancel = Leave the current step

## Start and help
start-welcome =
    <b>Welcome, { $name }!</b>
    I run your Digital Surge account from this chat: balances at a glance, prices, and swaps in a few taps.

    To begin, create an API key in the Digital Surge web app (Account settings → API keys) and send it with /connect. A read-only key is enough to look; trading needs a read &amp; write key.
start-connected =
    <b>Welcome back, { $name }!</b>
    Your key is connected. Try /balance or /price.
help =
    <b>Commands</b>
    /balance — balances, values and returns
    /portfolio — a picture of your allocation, with returns per asset
    /price [ASSET …] — buy and sell prices, e.g. <code>/price BTC ETH</code> (assets by code or name: <code>/price bitcoin</code>); <code>/price all</code> lists every asset
    /chart [ASSET [1h|24h|7d|30d]] — a price chart with your alert levels and average buy price, e.g. <code>/chart bitcoin 7d</code>
    /buy [ASSET AMOUNT] — buy crypto with AUD, e.g. <code>/buy BTC 100</code>
    /sell [ASSET AMOUNT] — sell crypto for AUD
    /swap [FROM TO AMOUNT] — swap one crypto for another
    /swaps — your recent swaps
    /alerts — your price alerts: pause, edit, delete, events
    /alert [ASSET above|below LEVEL …] — a price alert, e.g. <code>/alert BTC above 100000</code>; it can also buy or sell (<code>/alert ETH above 7000 sell 0.5</code>); or one the bot watches: <code>/alert BTC moves 5% 1h</code>, <code>/alert SOL 24h change 8%</code>, <code>/alert BTC every 2%</code>, <code>/alert BTC rsi 30 70</code>; or on your account: <code>/alert portfolio below 50000</code>, <code>/alert portfolio day 5%</code>, <code>/alert BTC return 20%</code>
    /dca — recurring buys and sells: list, set up, change, pause, delete
    /history [ASSET] — every transaction, with filters and details
    /statement — your account statement as a PDF
    /withdraw [ASSET] — withdraw crypto to a confirmed saved address (asks for your 2FA code)
    /withdrawals — your recent withdrawals and their status
    /addresses — your saved withdrawal addresses: add, confirm, delete
    /connect — connect your API key (the message is deleted at once)
    /disconnect — remove your API key
    /settings — language, time zone, alert notifications, the daily digest and its hour
    /cancel — leave whatever step you are in, and void every confirmation on screen (any other command voids them too)
    /help — this list

    Or just type: <code>btc</code>, <code>buy 100 aud of eth</code>, <code>sell half my sol</code>, <code>sell my eth if it goes above 7000</code>, <code>buy 50 aud of btc every week</code>, <code>statement for last month</code>.

## Chat rules
private-only = For your safety I only handle account matters in a private chat. Open a chat with me and send the command there.
group-key-deleted = ⚠️ I deleted your message, but others may have seen the key: revoke it in the Digital Surge web app (Account settings → API keys) and create a new one.
group-key-exposed = ⚠️ Your API key is visible in this group and I could not delete it: delete the message, then revoke the key in the Digital Surge web app (Account settings → API keys).
not-allowed = Sorry, this bot is private.
cancelled = Cancelled. Nothing was changed.
nothing-to-cancel = There is nothing to cancel.
cancelled-write-pending = Cancelled, but { $what ->
        [trade] the trade you confirmed was already sent to the exchange and may still go through: its result will be shown here, and /swaps lists it.
        [alert] the alert change you confirmed was already sent to the exchange and may still go through: /alerts shows what it holds.
        [recurring] the recurring trade change you confirmed was already sent to the exchange and may still go through: /dca shows what it holds.
        [address] the address you confirmed was already sent to the exchange and may still be saved: /addresses shows what it holds.
        [withdrawal] the withdrawal you confirmed was already sent to the exchange and may still go through: its result will be shown here, and /withdrawals lists it.
       *[disconnect] the disconnect you confirmed was already under way and may still complete: /start says whether a key is connected.
    }
cancelled-after-write = Cancelled. { $what ->
        [trade] The trade you confirmed just before was already sent: its result is shown above, and /swaps lists it.
        [alert] The alert change you confirmed just before was already sent: /alerts shows it.
        [recurring] The recurring trade change you confirmed just before was already sent: /dca shows it.
        [address] The address you confirmed just before was already sent: /addresses shows it.
        [withdrawal] The withdrawal you confirmed just before was already sent: its result is shown above, and /withdrawals lists it.
       *[disconnect] The disconnect you confirmed just before was already done.
    }
write-cancelled = Not sent: your /cancel came first, so nothing was sent.
unknown-command = I don't know that command. /help lists what I can do.
flow-left = { $flow ->
        [trade] You left the trade you were setting up. To start again, send /buy, /sell or /swap.
        [timezone] You left choosing a time zone. To choose again: /settings → Time zone.
        [alert] You left the new alert. To start again, send /alert.
        [alert-edit] You left changing the alert. To start again, open it from /alerts.
        [market-edit] You left changing the alert. To start again, open it from /alerts.
        [dca-create] You left the new recurring trade. To start again: /dca → ➕ New.
        [dca-edit] You left changing the recurring trade. To start again, open it from /dca.
        [statement] You left choosing the statement dates. To start again: /statement → Choose dates…
        [withdraw] You left the withdrawal. To start again, send /withdraw.
        [address] You left adding an address. To start again: /addresses → ➕ Add address.
       *[other] You left the step you were in. Send its command again to start over.
    }
unknown-text = I can only read text here. /help lists what I can do.
stale-button = That button has expired. Send the command again.
not-your-button = That button is not yours.
something-went-wrong = Something went wrong on my side, sorry. If you were changing something (a trade, a setting), check whether it took effect before you try again.
storage-unavailable = My storage is briefly unavailable, so I could not handle that. Please try again in a minute. If you were in the middle of something (a trade, a setting), you may need to start it again.

## Connect
connect-ask = Send me your API key as the next message. I delete it as soon as it arrives and store it encrypted. /cancel to stop.
connect-checking = Checking the key…
connect-ok-trade = ✅ Connected. This key can trade.
connect-ok-read-only = ✅ Connected with a <b>read-only</b> key: you can look, but trading needs a read &amp; write key.
connect-ok-unknown = ✅ Connected.
connect-invalid = ❌ The exchange did not accept that key. Check it and send /connect again.
connect-bad-format = That does not look like an API key (expected 16 to 256 letters, digits, - or _). Nothing was stored.
connect-deleted-note = (I deleted your message containing the key.)
connect-delete-failed = ⚠️ I could not delete your message with the key: please delete it yourself.
key-unreadable = Your stored API key could not be read. Send /connect with your key again.
pasted-key-deleted = 🔒 That looked like an API key, so I deleted your message and kept nothing of it. To connect a key, send /connect.
pasted-key-not-deleted = ⚠️ That looked like an API key. I kept nothing of it, but I could not delete your message: please delete it yourself. To connect a key, send /connect.
connect-needed = You have not connected an API key yet. Send /connect to start.
disconnect-confirm = Remove your API key from this bot? You can connect again at any time.
disconnect-yes = Yes, remove it
disconnect-done = Your API key was removed.
disconnect-none = No API key is connected.

## Buttons
button-cancel = Cancel
button-refresh = Refresh
refresh-too-soon = Refreshed a moment ago: this is the latest.
button-back = Back

## Balance
balance-title = <b>Your portfolio</b>
balance-aud = AUD cash: <b>{ $amount }</b>
balance-holding = { $asset }: { $quantity } ≈ <b>{ $value }</b>
balance-holding-no-value = { $asset }: { $quantity }
balance-stale = ⚠️ stale price
balance-none = You hold no crypto yet.
balance-total = Total value: <b>{ $total }</b>
balance-day = Today: { $amount } ({ $percent } of the whole account, AUD cash included)
balance-crypto-day = Your crypto today: { $percent } (AUD cash left out)
balance-all-time = Your crypto all time: { $amount } ({ $percent } on what it cost)
balance-updated = <i>Updated { $time } ({ $zone })</i>

## Prices
price-title = <b>Prices in AUD</b>
price-line = <b>{ $asset }</b> { $name }: buy { $buy } · sell { $sell }
price-see-all = <code>/price all</code> lists every asset.

## Assets by name (every flow that takes an asset)
asset-unknown = I don't know { $asset }.
asset-unknown-suggest = I don't know { $asset }. Did you mean { $suggestions }?
asset-need-crypto = Pick a crypto asset, not AUD, for this.
asset-no-price = The exchange lists no price for { $asset } just now, so it can't be picked here.
# Other words for assets, accepted wherever an asset is typed, whatever the user's language (the
# exchange's own names and codes are accepted too): one asset a line, its code, a colon, then its words
# separated by commas. Not shown to users.
asset-aliases =
    BTC: bitcoins, xbt
    ETH: ether, eth2
    DOGE: doge
    USDT: tether usd
    USDC: usd coin, usdcoin
    AVAX: avalanche
    BNB: binance coin
    TRX: tron
    AUD: australian dollar, australian dollars, dollars
price-all-title = <b>All { $count } assets</b>
price-all-hint = Send <code>/price CODE</code> for prices (several codes at once are fine).
price-updated = <i>Indicative prices, { $time } ({ $zone }). A swap shows its own estimate before you confirm.</i>

## Settings
settings-title = <b>Settings</b>
settings-language = Language: { $language }
settings-timezone = Time zone: { $zone }
settings-alerts = Alert notifications: { $level }
settings-alerts-on = on
settings-alerts-silent = silent
settings-alerts-off = off
settings-button-language = Language
settings-button-timezone = Time zone
settings-button-alerts = Alerts
settings-choose-language = Choose a language:
settings-choose-alerts = How should alerts reach you? <b>On</b> notifies, <b>silent</b> delivers without a sound, <b>off</b> sends nothing.
settings-ask-timezone = Where are you? Pick a city, or type one: a city, a country or an abbreviation (<code>Perth</code>, <code>Singapore</code>, <code>AEST</code>) or a name like <code>Europe/London</code>. /cancel keeps { $zone }.
settings-bad-timezone = I don't know the time zone “{ $input }”. Type a city, a country or a name like <code>Australia/Brisbane</code>, or pick one:
settings-bad-timezone-near = I don't know the time zone “{ $input }”. Did you mean one of these?
settings-timezone-which = “{ $input }” fits several time zones. Which one?
settings-timezone-kept = Time zone unchanged: { $zone }.
settings-timezone-saved = Time zone set to { $zone }: it is { $time } there now.
# Places typed as a time zone, beyond the English city and country names the bot knows: "name: IANA zone".
listen-zone-names = Syd: Australia/Sydney, Melb: Australia/Melbourne, Bris: Australia/Brisbane, Brissie: Australia/Brisbane, Adl: Australia/Adelaide, ACT: Australia/Sydney, NSW: Australia/Sydney, New South Wales: Australia/Sydney, Victoria: Australia/Melbourne, VIC: Australia/Melbourne, Queensland: Australia/Brisbane, QLD: Australia/Brisbane, South Australia: Australia/Adelaide, SA: Australia/Adelaide, Western Australia: Australia/Perth, WA: Australia/Perth, Tasmania: Australia/Hobart, TAS: Australia/Hobart, Northern Territory: Australia/Darwin, NT: Australia/Darwin, Beijing time: Asia/Shanghai
settings-language-saved = Language set to { $language }.
settings-saved = Saved.
language-name = English

## Exchange errors
error-fields = The exchange did not accept that:
error-field-line = • { $field }: { $message }
error-request-line = • { $message }
exchange-says = The exchange says: “{ $words }”
field-spend-amount = Amount you spend or sell
field-get-amount = Amount you get
field-src-asset = Asset you spend or sell
field-dst-asset = Asset you get
field-price = Price
field-amount = Amount
field-asset = Asset
field-address = Address
field-memo = Memo or tag
field-label = Label
field-token = Confirmation code
field-other = A detail of the request
field-msg-decimals = at most { $decimals } decimal places
field-msg-required = missing
field-msg-number = not a number
field-msg-at-least = must be at least { $min }
field-msg-positive = must be more than zero
field-msg-too-long = too long (at most { $max } characters)
field-msg-too-small = too small to trade
field-msg-balance = more than your balance
field-msg-choice = not one of the allowed values
error-unauthorized = Your API key is no longer valid. Send /connect with a new key.
error-forbidden = Your API key is read-only, so it cannot do this. Connect a read &amp; write key with /connect.
error-not-found = The exchange has no such record.
error-rate-limited = The exchange is busy. Try again in { $seconds } s.
error-unavailable = The exchange cannot be reached right now. Nothing was done; try again shortly.
error-server = The exchange had a problem (error { $status }). Try again shortly; if you were changing something, check whether it took effect first.
error-refused = The exchange refused it (error { $status }) without saying why.
error-timeout = The exchange did not answer in time. Try again shortly; if you were trading, check /swaps first: it may have gone through.
error-interrupted = The connection to the exchange broke before its answer arrived. Try again shortly; if you were trading, check /swaps first: it may have gone through.
error-timeout-read = The exchange is not answering right now. Nothing was changed; try again shortly.
error-bad-response = The exchange sent an answer I could not read. If you were changing something, check whether it took effect before trying again.
error-unsupported = The exchange does not support that for this record.

## Swaps: commands
cmd-buy = Buy crypto with AUD
cmd-sell = Sell crypto for AUD
cmd-swap = Swap one crypto for another
cmd-swaps = Your recent swaps

## Swaps: guided steps
trade-pick-buy = What would you like to buy?
trade-pick-sell = What would you like to sell?
trade-pick-from = Which crypto would you like to swap from?
trade-pick-to = Swap { $src } for which crypto?
trade-nothing-to-sell = You hold no crypto to sell.
trade-ask-spend = { $kind ->
        [buy] How much { $asset } would you like to spend?
        [sell] How much { $asset } would you like to sell?
       *[swap] How much { $asset } would you like to swap?
    } You have { $balance }.
    Type an amount or pick a share of your balance.
trade-ask-receive = { $kind ->
        [buy] How much { $asset } would you like to buy?
       *[other] How much { $asset } would you like to get for your { $src }?
    }
trade-button-receive = { $kind ->
        [buy] Say how much { $asset } to buy
       *[other] Say how much { $asset } to get
    }
trade-button-spend = { $kind ->
        [buy] Say how much { $asset } to spend
        [sell] Say how much { $asset } to sell
       *[swap] Say how much { $asset } to swap
    }
trade-fiat-in-swap = A swap counts { $src } or { $dst }, not AUD: type the amount of { $src }, or tap the button to count { $dst } instead.
trade-pick-again = Pick one of these, or /cancel:
trade-not-held = { $kind ->
        [sell] You hold no { $asset } to sell.
       *[other] You hold no { $asset } to swap.
    }
trade-usage-buy = Usage: <code>/buy ASSET AMOUNT</code> (AUD to spend), e.g. <code>/buy BTC 100</code>; <code>/buy BTC 0.1 BTC</code> buys that quantity; <code>/buy BTC</code> or just /buy to be guided. Or simply type <code>buy 100 aud of btc</code>.
trade-usage-sell = Usage: <code>/sell ASSET AMOUNT</code> (quantity to sell), e.g. <code>/sell ETH 0.5</code>; <code>/sell ETH 500 AUD</code> sells for $500; <code>/sell ETH</code> or just /sell to be guided. Or simply type <code>sell 0.5 eth</code>.
trade-usage-swap = Usage: <code>/swap FROM TO AMOUNT</code> (quantity of FROM), e.g. <code>/swap BTC ETH 0.01</code>; <code>/swap BTC ETH 0.5 ETH</code> gets 0.5 ETH; <code>/swap BTC ETH</code> or just /swap to be guided. Or simply type <code>swap 0.01 btc to eth</code>.

## Swaps: checks
trade-bad-amount = “{ $input }” is not an amount. Send a positive number like <code>100</code> or <code>0.05</code>.
trade-unknown-asset = I don't know the asset { $asset }.
trade-same-asset = You can't swap { $asset } for itself.
trade-over-balance = That is more than you have: { $amount } needed, { $balance } available.
trade-too-precise = { $asset } amounts have at most { $decimals } decimal places. Try again with fewer decimals.
trade-below-minimum = The smallest order is worth { $minimum }. Try a larger amount.
trade-read-only = Your API key is read-only, so I can't trade with it. Connect a read &amp; write key with /connect.

## Swaps: quote
quote-title-buy = <b>Buy { $asset }</b>
quote-title-sell = <b>Sell { $asset }</b>
quote-title-swap = <b>Swap { $src } → { $dst }</b>
quote-give = { $kind ->
        [buy] You spend
       *[other] You sell
    }: <b>{ $amount }</b>
quote-get = You get: <b>{ $amount }</b>
quote-price = Price: { $price }
quote-price-per = { $price } per { $asset }
quote-fee = Fee: { $amount }
quote-slippage = Slippage: { $percent }
quote-holds = This estimate holds for { $seconds } s. The swap fills at the market price when placed, within a small tolerance of this estimate, so the final amounts may differ slightly; beyond that, nothing is traded and you get a new quote.
quote-expired-again = ⏱ The quote had expired, so here is a fresh one. Please check it and confirm again.
quote-moved-again = 📈 The market moved before your swap was placed, so nothing was traded. Here is the new price: confirm again if it suits you.
quote-cancelled = Quote cancelled. Nothing was traded.
button-confirm = Confirm
button-change-amount = Change amount

## Swaps: placing and results
swap-placing = Placing your swap…
swap-processing = ⏳ Swap #{ $id } is processing…
swap-still-processing = ⏳ Swap #{ $id } is still processing. I'll tell you as soon as it settles.
swap-processed = ✅ <b>Swap #{ $id } done</b>
swap-gave = { $kind ->
        [buy] Spent
        [sell] Sold
       *[swap] Swapped
    }: { $amount }
swap-got = { $kind ->
        [buy] Bought
       *[other] Received
    }: { $amount }
swap-fees = Fees: { $amount }
swap-error = ❌ <b>Swap #{ $id } failed</b> on the exchange. Nothing was taken from your balance; you can try again.
swap-rejected = ⛔ <b>Swap #{ $id } was rejected</b> by the exchange. Nothing was taken from your balance.
swap-not-followed = Swap #{ $id } was placed, but I can't follow it right now. Check /swaps for its result.
swap-gave-up = I stopped following swap #{ $id }: it is still not final. Check /swaps later.
swap-gave-up-unreadable = I can't read the status of swap #{ $id } from the exchange, so I stopped following it. Check /swaps for its result.
swap-gave-up-disconnected = Your API key is no longer connected, so I stopped following swap #{ $id }. Its result is in your exchange account, or in /swaps once you reconnect.
swap-outcome-unknown = ⚠️ The exchange's answer was lost, so this swap may have gone through. I'm looking for it in your swaps; please don't place it again until I tell you.
swap-found = ⏳ It went through: swap #{ $id } is processing…
swap-not-found = I could not find this swap: it does not appear in your swaps, so it most likely did not go through. Check /swaps before trying again.
swap-search-failed = I could not read your swaps, so I don't know whether this swap went through. Check /swaps before trying again.
swap-unknown-not-followed = The exchange's answer was lost, so this swap may have gone through, and I can't look for it right now. Check /swaps before trying again.

## Swaps: list
swaps-title = <b>Your swaps</b> (page { $page } of { $pages }; times in { $zone })
swaps-none = You have not made any swaps yet.
swaps-line = { $icon } #{ $id } · { $when } · { $trade }
swaps-line-undated = { $icon } #{ $id } · { $trade }
swaps-trade-done = { $kind ->
        [buy] spent { $sold } → bought { $bought }
        [sell] sold { $sold } → received { $bought }
       *[swap] swapped { $sold } → received { $bought }
    }
swaps-trade-open = { $kind ->
        [buy] spend { $sold } → buy { $bought }
        [sell] sell { $sold } → receive { $bought }
       *[swap] swap { $sold } → receive { $bought }
    }
swaps-worth = worth { $value }
swaps-newer = ‹ Newer
swaps-older = Older ›

## dca
cmd-dca = Recurring buys and sells (DCA)
dca-title = <b>Your recurring trades</b> (page { $page } of { $pages }; times in { $zone })
dca-none = You have no recurring trades yet. Tap <b>New</b> to set one up: the exchange then buys or sells for you on a schedule.
dca-row-head = { $icon } <b>#{ $id } { $direction ->
        [buy] Buy
        [sell] Sell
       *[other] Trade
    } { $asset }</b> · { $period }
dca-row-quantity = { $direction ->
        [buy] spends { $amount } each run
        [sell] sells { $amount } each run
       *[other] { $amount } each run
    } · next run: { $next }
dca-next-paused = paused
dca-next-none = not scheduled
dca-next-due = due now
dca-period-daily = daily
dca-period-weekly = weekly
dca-period-fortnightly = fortnightly
dca-period-monthly = monthly
dca-detail-title = <b>Recurring trade #{ $id }</b> ({ $name })
dca-line-trade = { $direction ->
        [buy] Buys { $asset } with AUD
        [sell] Sells { $asset } for AUD
       *[other] Trades { $asset } (direction unknown)
    }
dca-line-quantity = { $direction ->
        [buy] AUD to spend each run: <b>{ $amount }</b>
        [sell] { $amount } is sold each run
       *[other] Quantity each run: <b>{ $amount }</b>
    }
dca-line-period = Cadence: { $period }
dca-line-next = Next run: { $when } ({ $zone })
dca-line-next-untimed = Next run: { $when }
dca-line-status = Status: { $enabled ->
        [on] ▶️ active
       *[off] ⏸ paused
    }
dca-read-only-note = Your API key is read-only: you can look, but changing recurring trades needs a read &amp; write key (/connect).
dca-read-only = Your API key is read-only, so I can't set up or change recurring trades with it (/dca still lists them). Connect a read &amp; write key with /connect.
dca-not-found = That recurring trade no longer exists. /dca lists yours.
dca-button-open = #{ $id } { $asset }
dca-button-new = ➕ New
dca-button-newer = ‹ Newer
dca-button-older = Older ›
dca-button-quantity = Change amount
dca-button-period = Change cadence
dca-button-start = Change next run
dca-button-pause = ⏸ Pause
dca-button-resume = ▶️ Resume
dca-button-delete = 🗑 Delete
dca-button-delete-yes = Yes, delete
dca-button-back = ‹ All recurring trades
dca-button-buy = Buy { $asset } with AUD
dca-button-sell = Sell { $asset } for AUD
dca-button-now = Start now
dca-button-restart-now = Restart now
dca-ask-asset = <b>New recurring trade</b>
    Which asset? Pick one, or type its code or name.
dca-ask-direction = On each run, buy { $asset } with AUD or sell { $asset } for AUD?
dca-ask-quantity = { $direction ->
        [buy] How much AUD should each run spend on { $asset }? For example <code>100</code>.
       *[other] How much { $asset } should each run sell? For example <code>0.01</code>.
    }
dca-ask-period = How often?
dca-ask-start = When should the first run be? Tap <b>Start now</b>, or type a date and time in your time zone ({ $zone }), e.g. <code>{ $example }</code> or <code>tomorrow 9am</code>.
dca-ask-new-period = The cadence is { $period } now. Pick the new one.
dca-ask-restart-paused = Changing the cadence resets the next run to now, unless you give a start. The schedule stays paused, so nothing runs until you resume it. Tap <b>Restart now</b>, or type a date and time in your time zone ({ $zone }), e.g. <code>{ $example }</code>.
dca-ask-restart = Changing the cadence restarts the schedule: the next run is <b>now</b> (the first { $period } trade right away), unless you give a start. Tap <b>Restart now</b>, or type a date and time in your time zone ({ $zone }), e.g. <code>{ $example }</code>.
dca-ask-new-start = When should the next run be? Type a date and time in your time zone ({ $zone }), e.g. <code>{ $example }</code> or <code>next Monday 08:30</code>. The cadence goes on from there.
dca-now = Now: { $value }
dca-pick-again = Pick one of these, or /cancel:
dca-bad-start = I can't read “{ $input }” as a date and time. Type it like <code>{ $example }</code> (year-month-day hour:minute), <code>31/12/2026 09:30</code> (day/month/year) or in words with a time, like <code>tomorrow 9am</code>.
dca-no-such-time = { $input } does not exist in { $zone }: the clocks skip it. Type another time.
dca-start-past = That time has already passed. Type a time in the future.
dca-not-covered = That is more than you have: a run needs { $amount } and you have { $balance }, so it would not trade. Type a smaller amount, or add funds first and start again.
dca-start-passed = The start you chose ({ $when }) has passed while this waited, so nothing was changed. Start again from /dca with a later time.
dca-summary-new = <b>New recurring trade</b>, please check:
dca-first-run = First run: { $when } ({ $zone })
dca-first-run-now = First run: right away, then { $period }
dca-summary-hint = Nothing is set up until you tap Confirm.
dca-summary-edit = <b>Change recurring trade #{ $id }</b> ({ $direction ->
        [buy] buy
        [sell] sell
       *[other] trade
    } { $asset }), please check:
dca-change-quantity = { $direction ->
        [buy] AUD to spend each run
        [sell] Quantity to sell each run
       *[other] Quantity each run
    }: { $old } → <b>{ $new }</b>
dca-change-period = Cadence: { $old } → <b>{ $new }</b>
dca-change-restart-now = The schedule restarts <b>now</b>: the first { $period } run happens right away.
dca-change-restart-at = The schedule restarts at { $when } ({ $zone }).
dca-change-restart-paused = The next run is reset to now, but the schedule stays paused: nothing runs until you resume it, and resuming it then trades at once.
dca-change-restart-at-paused = The next run is set to { $when } ({ $zone }), but the schedule stays paused: nothing runs until you resume it.
dca-change-start = Next run: { $old } → <b>{ $new }</b> ({ $zone })
dca-still-paused = It stays paused until you resume it.
dca-summary-edit-hint = Nothing changes until you tap Confirm.
dca-sending = Sending to the exchange…
dca-created = ✅ Recurring trade #{ $id } set up.
dca-updated = ✅ Recurring trade #{ $id } changed.
dca-restarted = ↻ The cadence changed, so the exchange restarted the schedule from now (next run below).
dca-restarted-paused = ↻ The cadence changed, so the exchange reset the next run to now. The schedule is still paused: resuming it trades at once.
dca-paused = ⏸ Recurring trade #{ $id } paused: no runs until you resume it.
dca-resumed = ▶️ Recurring trade #{ $id } resumed.
dca-words-side-buy = buy
dca-words-side-sell = sell
dca-words-any = any
dca-words-pause-this = <b>Pause this recurring trade?</b> Tap ⏸ Pause below; nothing changes until you do.
dca-words-resume-this = <b>Resume this recurring trade?</b> Tap ▶️ Resume below; nothing changes until you do.
dca-words-which = { $count } recurring trades fit ({ $what }). Which one? Open it, then tap Pause or Resume on its card.
dca-words-none = None of your recurring trades fits ({ $what }), so nothing was changed.
dca-words-already-paused = Your recurring trades that fit ({ $what }) are already paused, so nothing was changed.
dca-words-already-resumed = Your recurring trades that fit ({ $what }) are already running, so nothing was changed.
dca-resume-due-ask = <b>Resume recurring trade #{ $id }?</b>
    Its next run ({ $when }, { $zone }) has passed, so resuming it <b>trades right away</b>: it { $direction ->
        [buy] spends { $amount } on { $asset }
       *[other] sells { $amount } for AUD
    } now, then { $period }.
dca-run-not-covered = ⚠️ Your balance does not cover a run: it needs { $amount } and you have { $balance }, so the run would not trade.
dca-delete-ask = Delete recurring trade #{ $id }?
dca-delete-note = This cannot be undone; trades it already made stay in your history.
dca-deleted = 🗑 Recurring trade #{ $id } deleted.
dca-run-traded = 🔁 <b>Recurring trade #{ $id }</b> ran ({ $when }, { $zone }):
dca-run-bought = ✅ Bought { $amount } for { $aud }.
dca-run-sold = ✅ Sold { $amount } for { $aud }.
dca-run-fee = Fee: { $fee }.
dca-run-not-traded = ⚠️ <b>Recurring trade #{ $id }</b> did not trade at its run ({ $when }, { $zone }): the exchange recorded no trade for it.
dca-run-why-balance = Your balance does not cover a run: it { $direction ->
        [buy] spends { $amount } on { $asset }
       *[other] sells { $amount }
    }, and you have { $balance }. Add funds, or change the amount in /dca.
dca-run-why-covered = Your balance covers a run now ({ $balance } for { $amount }); the exchange did not say why it did not trade.
dca-run-why-unknown = The exchange did not say why, and I could not read your balance to check.
dca-run-next = Next run: { $when } ({ $zone }), then { $period }.
dca-run-no-next = The schedule is paused: no more runs until you resume it (/dca).
dca-nothing-changed = Nothing was changed.
dca-write-unknown = ⚠️ The exchange's answer was lost, so { $op ->
        [create] this recurring trade may have been set up
        [delete] this recurring trade may have been deleted
       *[other] this change may have been made
    }. Check /dca before trying again.
## inline
inline-title = { $asset } · { $name }
inline-description = Buy { $buy } · Sell { $sell }
inline-description-change = Buy { $buy } · Sell { $sell } · 24 h { $change }
inline-card =
    <b>{ $asset }</b> { $name }
    Buy: { $buy }
    Sell: { $sell }
    { $change }
    <i>Indicative prices, { $time } ({ $zone })</i>
inline-chart-button = 📈 24 h chart
inline-change = 24 h: { $change }
inline-change-unknown = 24 h: not known yet
inline-no-match = No listed asset matches. Open the bot
inline-unavailable = Prices are unavailable right now. Open the bot

## digest
settings-digest-off = Daily digest: off (pick the hour it arrives with the button below)
settings-digest-at = Daily digest: at { $time }
settings-button-digest = Daily digest
settings-digest-button-off = Off
settings-choose-digest = At what hour should the daily digest arrive ({ $zone })? It brings your account's value and its change today, your biggest movers, alerts near their level and recurring buys due that day. It follows your alert setting: silent arrives without a sound, off sends nothing.
settings-digest-connect-first = Connect a key with /connect first: the digest is about your account.
digest-title = <b>📊 Daily digest</b> · { $date }
digest-value = Account value: <b>{ $value }</b>
digest-day = Today: { $amount } ({ $percent } of the whole account)
digest-day-amount = Today: { $amount }
digest-movers = <b>Biggest movers today</b>
digest-near = <b>Alerts near their level</b>
digest-near-above = { $asset } above { $level } ({ $distance } away)
digest-near-below = { $asset } below { $level } ({ $distance } away)
digest-near-auto = { $asset } at { $level } ({ $distance } away)
digest-due = <b>Recurring trades due today</b>
digest-due-buy = Buy { $asset } with { $amount } at { $time }
digest-due-sell = Sell { $amount } { $asset } at { $time }
digest-footer = <i>As of { $time } ({ $zone }). Change the hour or turn it off in /settings.</i>
## alerts
cmd-alert = Set a price alert (or one that trades)
cmd-alerts = Your price alerts and the ones the bot watches
alerts-usage = Usage: <code>/alert ASSET [above|below] LEVEL [buy|sell [get] QUANTITY] [email] [sms]</code>
    • <code>/alert BTC above 100000</code> alerts when BTC reaches $100,000
    • <code>/alert BTC below 90000 buy 500</code> also spends $500 on BTC
    • <code>/alert ETH above 5000 sell 0.5</code> also sells 0.5 ETH
    • <code>/alert BTC below 90000 buy get 0.01</code> buys 0.01 BTC (say what you receive)
    Without above or below the exchange picks the side from the current price.
    Or an alert the bot watches itself (a message here, no email or SMS, no trade):
    • <code>/alert BTC moves 5% 1h</code> (or up / down; 15m, 1h, 4h or 24h)
    • <code>/alert SOL 24h change 8%</code> · <code>/alert BTC every 2%</code> · <code>/alert BTC rsi 30 70</code>
    Or send just /alert to be guided.
alerts-unknown-asset = I don't know the asset { $asset }. <code>/price all</code> lists every asset.
alerts-level-not-number = “{ $input }” is not a price level. Send a number like <code>100000</code> or <code>2.5</code>.
alerts-level-not-positive = The level must be more than zero (you sent “{ $input }”).
alerts-level-too-precise = A level has at most { $decimals } decimal places. Try again with fewer decimals.
alerts-quantity-not-number = “{ $input }” is not a quantity. Send a number like <code>500</code> or <code>0.05</code>.
alerts-quantity-not-positive = The quantity must be more than zero (you sent “{ $input }”).
alerts-quantity-too-precise = { $asset } quantities have at most { $decimals } decimal places. Try again with fewer decimals.
alerts-below-minimum = The smallest order is worth { $minimum } at the level. Try a larger quantity.
alerts-over-balance = That is more than you have: { $amount } needed, { $balance } available.
alerts-read-only = Your API key is read-only, so an alert can't trade with it. Choose alert only, or connect a read &amp; write key with /connect.
alerts-action-alert = alert only
alerts-action-trade = { $action ->
        [buy] { $side ->
            [spend] buy: spend { $amount }
           *[receive] buy: get { $amount }
        }
       *[sell] { $side ->
            [spend] sell { $amount }
           *[receive] sell: get { $amount }
        }
    }
alerts-level = { $match ->
        [above] ▲ above { $level }
        [below] ▼ below { $level }
       *[auto] ↕ at { $level } (side picked by the exchange)
    }
alerts-no-price = now: no price
alerts-market = now { $price } ({ $distance })
alerts-distance-to = { $distance } to the level
alerts-distance-past = { $match ->
        [above] already above the level
       *[below] already below the level
    }
alerts-state-on = ✅ active
alerts-state-fired = 🔔 fired, paused
alerts-state-off = ⏸ paused
alerts-notify = email { $email ->
        [on] ✓
       *[off] ✗
    } · SMS { $sms ->
        [on] ✓
       *[off] ✗
    }
alerts-unseen = 🆕 { $count } unseen
alerts-line = <b>#{ $id } { $asset }</b> { $level } · { $market }
alerts-title = <b>Your alerts</b> ({ $count }; page { $page } of { $pages })
alerts-none = You have no price alerts. Create one with <code>/alert BTC above 100000</code>, or send /alert to be guided.
alerts-newer = ‹ Newer
alerts-older = Older ›
alerts-card-title = <b>Alert #{ $id }: { $asset }</b>{ $name }
alerts-card-level = Level: { $level }
alerts-card-action = When it fires: { $action }
alerts-card-state = State: { $state }
alerts-card-events = Events: { $count } ({ $unseen } unseen)
alerts-card-last = Last fired: { $when } ({ $zone })
alerts-button-pause = ⏸ Pause
alerts-button-enable = ▶️ Enable
alerts-button-level = Edit level
alerts-button-quantity = Edit quantity
alerts-button-events = Events ({ $count })
alerts-button-seen = Mark seen
alerts-button-delete = 🗑 Delete
alerts-button-list = All alerts
alerts-button-open = Open the alert
alerts-button-trade = Trade { $n }
alerts-button-delete-yes = Yes, delete it
alerts-events-title = <b>Events of alert #{ $id } ({ $asset })</b>: { $count }, newest { $shown } shown; times in { $zone }
alerts-events-none = It has not fired yet.
alerts-event = { $when }: fired { $match ->
        [above] above
        [below] below
       *[auto] at
    } the level at { $price }{ $seen ->
        [yes] {""}
       *[no] {" "}🆕
    }
alerts-event-gone = That event of alert #{ $id } is no longer there: the alert may have been deleted.
alerts-trade-title = <b>Trade of alert #{ $id } ({ $asset })</b>, times in { $zone }
alerts-trade-transaction = Transaction #{ $id }, { $when }: spent { $spent } → got { $got } ({ $status })
alerts-trade-not-found = I could not find its transaction in your recent history; /balance shows where you stand.
alerts-summary-title = <b>New alert: { $asset }</b>
alerts-summary-market = Now: buy { $buy } · sell { $sell } · { $reference } ({ $distance })
alerts-reference = { $kind ->
        [last] last { $price }
       *[mid] mid { $price }
    }
alerts-summary-auto = The exchange will watch for the price going { $match ->
        [above] above
       *[below] below
    } the level.
alerts-summary-estimate = At the level that takes about { $amount } from your balance.
alerts-summary-duplicate = ⚠️ You already have this alert (#{ $id }): a second one would fire beside it, as two identical messages.
alerts-summary-fires-now = ⚠️ The price is already past this level: the alert will fire as soon as it is created.
alerts-summary-market-order = The trade is a market order placed when the alert fires, at the price then; your balance is checked again at that moment.
alerts-saving = Saving…
alerts-created = ✅ Alert #{ $id } created.
alerts-changed = ✅ Alert #{ $id } changed.
alerts-deleted = 🗑 Alert #{ $id } deleted.
alerts-create-unknown = ⚠️ The exchange's answer was lost, so the alert may have been created. Check /alerts before creating it again.
alerts-change-unknown = ⚠️ The exchange's answer was lost, so the change may have been made. Check /alerts before trying again.
alerts-delete-unknown = ⚠️ The exchange's answer was lost, so the alert may have been deleted. Check /alerts before trying again.
alerts-confirm-cancelled = Cancelled: nothing was saved.
alerts-confirm-delete = Delete alert #{ $id }? Its events go with it.
alerts-confirm-level = Change the level of alert #{ $id } ({ $asset }) from { $from } to <b>{ $to }</b>?
alerts-confirm-quantity = Change what alert #{ $id } ({ $asset }) does from { $from } to <b>{ $to }</b>?
alerts-no-quantity = Alert #{ $id } only alerts, so it has no quantity. To trade, create a new alert with a buy or sell.
alerts-ask-asset = Which asset should the alert watch? Pick one, or type its code or name.
alerts-ask-level = { $asset } now: buy { $buy } · sell { $sell }.{ $hasCurrent ->
        [yes] {" "}The level is { $current } now.
       *[no] {""}
    }
    Pick a level or type one:
alerts-level-button-price = { $side ->
        [buy] buy { $price }
       *[sell] sell { $price }
    }
alerts-ask-match = Alert when the price goes above or below { $level }? It is at { $market } now; automatic lets the exchange pick from the current price.
alerts-match-button = { $match ->
        [above] ▲ Above
        [below] ▼ Below
       *[auto] Automatic
    }
alerts-ask-action = What should happen when it fires?
alerts-action-button = { $action ->
        [buy] Buy { $asset }
        [sell] Sell { $asset }
       *[alert] Alert only
    }
alerts-ask-quantity = { $action ->
        [buy] { $side ->
            [spend] How much AUD should it spend? You have { $balance }. Type an amount in AUD.
           *[receive] How much { $asset } should it buy? You have { $balance }. Type a quantity of { $asset }.
        }
       *[sell] { $side ->
            [spend] How much { $asset } should it sell? You have { $balance }. Type a quantity of { $asset }.
           *[receive] How much AUD should it get? You have { $balance }. Type an amount in AUD.
        }
    }
alerts-button-side = { $side ->
        [spend] Say how much { $asset } to { $action ->
            [buy] spend
           *[sell] sell
        }
       *[receive] Say how much { $asset } to { $action ->
            [buy] buy
           *[sell] get
        }
    }
alerts-ask-notify = Should the exchange also send an email or an SMS when it fires? (Alerts here follow /settings.)
alerts-button-email = Email: { $on ->
        [on] on
       *[off] off
    }
alerts-button-sms = SMS: { $on ->
        [on] on
       *[off] off
    }
alerts-button-continue = Continue
alerts-pick-again = Pick one of these, or /cancel:
alerts-settings-mark-seen = Mark alerts seen on the exchange after delivery: { $on ->
        [on] on
       *[off] off
    }
alerts-settings-button-mark-seen = Mark seen after delivery
settings-alert-chart = Chart in alert messages: { $on ->
        [on] on
       *[off] off
    }
settings-button-alert-chart = Chart in alerts
## portfolio
cmd-portfolio = Portfolio picture and returns per asset
pf-title = <b>Portfolio</b>: <b>{ $total }</b>
pf-overall = Today: { $day } ({ $dayPercent } of the whole account; your crypto { $cryptoPercent })
pf-all-time = Your crypto all time: { $all } ({ $allPercent } on what it cost)
# The label under the value in the /portfolio picture, drawn only when the picture's font has its letters (Latin).
pf-picture-all-time = Crypto all time:
pf-cash = AUD cash: { $amount }
pf-asset = <b>{ $asset }</b> { $quantity } ≈ { $value } ({ $share })
pf-asset-no-value = <b>{ $asset }</b> { $quantity } (no price from the exchange)
pf-asset-returns = avg buy { $avg } · today { $day } ({ $dayPercent }) · all time { $all } ({ $allPercent })
pf-stale = ⚠️ stale price
pf-more = { $count ->
        [one] …and one more holding worth { $value } (/balance lists all).
       *[other] …and { $count } more holdings worth { $value } (/balance lists all).
    }
pf-legend = Picture: the account's value with your crypto's all-time return under it, your allocation, then each holding's all-time return; “+N” is N small holdings together.
pf-updated = <i>Updated { $time } ({ $zone })</i>
pf-empty = You hold no crypto yet, so there is nothing to chart. AUD cash: <b>{ $amount }</b>. /buy buys some.
## history
cmd-history = Transaction history
cmd-statement = Account statement (PDF)
hist-type-buy = Buy
hist-type-sell = Sell
hist-type-swap = Swap
hist-type-deposit = Deposit
hist-type-withdrawal = Withdrawal
hist-type-commission = Commission
hist-type-airdrop = Airdrop
hist-type-stake = Stake
hist-type-unstake = Unstake
hist-type-reward = Reward
hist-status-completed = completed
hist-status-processed = processed
hist-status-pending = pending
hist-status-processing = processing
hist-status-failed = failed
hist-status-error = error
hist-status-rejected = rejected
hist-status-cancelled = cancelled
hist-status-canceled = cancelled
hist-status-expired = expired
hist-subtype-instant = instant trade
hist-subtype-recurring-buy = recurring buy or sell (/dca)
hist-subtype-price-trigger = price alert's trade (/alerts)
hist-subtype-bank-transfer = bank transfer
hist-subtype-crypto-transfer = crypto transfer
hist-subtype-crypto-withdrawal = crypto withdrawal
hist-other = other (the exchange's word: “{ $raw }”)
hist-period-24h = Last 24 h
hist-period-week = Last week
hist-period-month = Last month
hist-period-year = Last year
hist-title = <b>📜 History</b> · page { $page }
hist-filters = Filters: { $filters }
hist-filters-none = All transactions
hist-zone = Times in { $zone }
hist-row = { $n }. { $type } · { $when } · { $status }
hist-row-value = worth { $value }
hist-row-fee = fee { $fee }
hist-empty = You have no transactions yet.
hist-empty-filtered = No transactions match these filters. Change them or clear them below.
hist-empty-page = No older transactions.
hist-button-newer = ‹ Newer
hist-button-older = Older ›
hist-button-asset = Asset: { $asset }
hist-button-types = Types
hist-button-period = Period
hist-button-clear = ✖ Clear filters
hist-button-back = ‹ Back
hist-button-done = Done
hist-all = all
hist-all-assets = All assets
hist-all-types = All types
hist-all-time = All time
hist-pick-asset = Show transactions of which asset?
hist-pick-types = Tap the types to show (several at once), then Done. Chosen: { $chosen }
hist-pick-period = Show transactions from which period?
hist-detail-title = <b>{ $type } #{ $id }</b>
hist-detail-withdrawal = In /withdrawals this is withdrawal #{ $id }; #{ $tx } is its number among transactions.
hist-detail-when = When: { $when } ({ $zone })
hist-detail-status = Status: { $status }
hist-detail-subtype = Kind: { $subtype }
hist-detail-sent = Sent: { $amount }
hist-detail-received = Received: { $amount }
hist-detail-rate = Rate: { $rate }
hist-detail-fee = Fee: { $fee }
hist-detail-aud-fee = Fee in AUD: { $fee }
hist-detail-value = AUD value: { $value }
hist-invoice-no-pdf = 🧾 The exchange has invoices for swaps, buys, sells and withdrawals, but its API does not hand out the PDF, so I cannot send it. /statement sends a PDF statement of any period.
hist-invoice-unsupported = 🧾 The exchange has invoices only for swaps, buys, sells and withdrawals; /statement sends a PDF statement of any period.
hist-bad-button = That button does not fit this list. Nothing was changed.
hist-expired = This list has expired. Send /history again.
stmt-choose = <b>Account statement</b>
    Which period? Days are counted in { $zone }.
stmt-preset-month = This month
stmt-preset-prevmonth = Last month
stmt-preset-twelvemonths = Last 12 months
stmt-preset-fy = This financial year
stmt-preset-prevfy = Last financial year
stmt-button-custom = Choose dates…
stmt-ask-dates = Type the first and last day, e.g. <code>1/7/2025 - 30/6/2026</code> (day/month/year), <code>1 Jul 2025 to 30 Jun 2026</code> or <code>2025-07-01 2026-06-30</code>; one date for a single day. Days are counted in { $zone }; at most twelve months.
stmt-bad-dates = I could not read “{ $input }” as dates. Type them like <code>1/7/2025 - 30/6/2026</code>, or in words, like <code>last month</code> or <code>1 July to today</code>.
stmt-bad-date = “{ $input }” is not a date on the calendar. Please type the dates again.
stmt-range-inverted = The first day is after the last one. Please type them again, first day first.
stmt-range-future = That period starts after today. Please type other dates.
stmt-range-too-long = The exchange gives statements of at most twelve months, so that range is too long. Ask for it in parts, for example:
    { $parts }
stmt-preparing = Preparing your statement for { $from } – { $to }…
stmt-caption = Statement { $account ->
        [none] {""}
       *[other] of account #{ $account }{" "}
    }for { $from } – { $to } ({ $zone })
stmt-not-pdf = The exchange answered with something that is not a PDF. Nothing was changed; please try again later.
## withdrawals
cmd-withdraw = Withdraw crypto to a saved address
cmd-withdrawals = Your recent withdrawals
wd-read-only = Your API key is read-only, so I can't withdraw with it. Withdrawals need a read &amp; write key (and your 2FA code): connect one with /connect. /withdrawals still shows your history.
wd-nothing-to-withdraw = You hold no crypto to withdraw.
wd-pick-asset = Which crypto would you like to withdraw?
wd-pick-again = Pick one of these, or /cancel:
wd-not-held = You hold no { $asset } to withdraw.
wd-no-addresses = You have no saved { $asset } addresses. Add one with /addresses (it needs the confirmation from your email before it can be used).
wd-pick-destination = Where should the { $asset } go? Only confirmed addresses from your address book can be used.
wd-unconfirmed-title = Not usable yet (waiting for the confirmation from your email):
wd-entry-line = • <b>{ $label }</b>: <code>{ $address }</code>
wd-entry-memo = memo / tag { $memo }
wd-button-unconfirmed = ⏳ { $label }
wd-button-resend = ✉️ Resend confirmation: { $label }
wd-unconfirmed-refused = “{ $label }” is waiting for its email confirmation, so it can't be used yet: nothing was sent. Follow the link in the email (it holds for 30 minutes), or press its Resend confirmation button.
wd-destination-gone = That address is no longer in your address book.
wd-destination-unknown = I don't know a saved { $asset } address called “{ $words }”.
wd-destination-several = More than one saved { $asset } address fits “{ $words }”.
wd-ask-amount = How much { $asset } would you like to withdraw to <b>{ $label }</b>? You have { $balance }. Type an amount or pick a share.
wd-bad-amount = “{ $input }” is not an amount. Type a number such as <code>0.05</code>, or /cancel.
wd-amount-not-positive = The amount must be more than zero.
wd-amount-too-precise = { $asset } takes at most { $decimals } decimal places. Type the amount again.
wd-amount-over-balance = You asked for { $amount }, but you have { $balance }. Type a smaller amount.
wd-summary =
    <b>Withdraw { $asset }</b>
    Amount: { $amount }
    To: <b>{ $label }</b>
    Address: <code>{ $address }</code>
wd-summary-memo = Memo / tag: <code>{ $memo }</code>
wd-summary-first-time = ✉️ This address has not been used for a withdrawal before: after you authorize it, the exchange emails you a link, and the withdrawal is released only once you follow it (within 30 minutes, else it expires and the amount comes back).
wd-summary-check = Check the address carefully: a withdrawal cannot be undone. After Confirm I will ask for your 2FA code.
wd-creating = Creating the withdrawal…
wd-cancelled = Cancelled. No withdrawal was made.
wd-ask-code =
    📝 Withdrawal #{ $id } is created as a <b>draft</b>: nothing leaves your account until you authorize it.
    Send the 6-digit code from your authenticator app (2FA) as your next message. I delete it at once and keep nothing of it. /cancel to stop.
wd-code-deleted-failed = ⚠️ I could not delete your message with the code: please delete it yourself.
wd-code-shape = That is not a 6-digit code. Send the code from your authenticator app, or /cancel.
wd-code-wrong = ❌ The exchange did not accept that code. { $left ->
        [one] One more try: send the current code, or /cancel.
       *[other] { $left } more tries: send the current code, or /cancel.
    }
wd-code-gave-up = ❌ The code was refused { $attempts } times, so I stopped. Withdrawal #{ $id } was not authorized: it stays a draft at the exchange, nothing was debited and nothing will be sent unless you authorize it: open it in /withdrawals to enter the code, or start again with /withdraw.
wd-code-expired = The time to send the 2FA code ran out, so withdrawal #{ $id } was not authorized: it stays a draft, nothing was debited and nothing will be sent unless you authorize it: open it in /withdrawals to enter the code, or start again with /withdraw. (I deleted your message.)
wd-code-cancelled = Cancelled. Withdrawal #{ $id } was not authorized: it stays a draft at the exchange, nothing was debited and nothing will be sent unless you authorize it later (in /withdrawals).
wd-code-cancelled-sending = Cancelled. The code for withdrawal #{ $id } was already on its way to the exchange, so it may still be authorized: I'll tell you here what came of it.
wd-code-again = That looked like a 2FA code again, so I deleted it. Withdrawal #{ $id } no longer waits for one: /withdrawals shows where it is.
wd-code-abandoned = I stopped waiting for the 2FA code: withdrawal #{ $id } was not authorized and stays a draft; nothing was debited and nothing will be sent unless you authorize it later (in /withdrawals).
wd-code-refused = Withdrawal #{ $id } was not authorized (the exchange still has it as a draft), so nothing was sent:
wd-code-refused-unread = The exchange refused the code for withdrawal #{ $id }, and I could not read the withdrawal just now, so I can't tell where it stands: /withdrawals shows it.
wd-code-not-draft = The exchange did not take this code: withdrawal #{ $id } is no longer waiting for one (for example, it was authorized meanwhile in the web app). Where it stands now:
wd-following = I'll tell you here as its status changes.
wd-authorized = ✅ Code accepted: withdrawal #{ $id } is authorized. I'll tell you here as its status changes.
wd-authorize-unknown = ⚠️ The exchange's answer was lost, so withdrawal #{ $id } may or may not have been authorized. I'm checking its status and will tell you here; don't start it again meanwhile.
wd-not-followed = Withdrawal #{ $id } was authorized, but I can't follow it right now. /withdrawals shows its status.
wd-create-unknown = ⚠️ The exchange's answer was lost, so this withdrawal may have been created. I'm looking for it; please don't start it again until I tell you.
wd-create-unknown-not-followed = ⚠️ The exchange's answer was lost, so this withdrawal may have been created, and I can't look for it right now. Check /withdrawals before trying again.
wd-found = I found it: withdrawal #{ $id } was created as a draft.
wd-not-found = I could not find this withdrawal among your newest ones, so it most likely was not created. Check /withdrawals before trying again.
wd-search-failed = I could not read your withdrawals, so I don't know whether this one was created. Check /withdrawals before trying again.
wd-status-news = { $icon } Withdrawal #{ $id } of { $amount }: <b>{ $status }</b>
wd-news-pending-first-time = ✉️ This address is new: the exchange has emailed you a link. Follow it within 30 minutes to release the withdrawal; otherwise it expires and the amount comes back to your balance. Nothing has been sent yet.
wd-news-pending = Waiting for the exchange to send it. Nothing has been sent yet.
wd-news-processing = The exchange is sending it now.
wd-news-processed = Sent. Transaction id: <code>{ $txid }</code>
wd-news-processed-no-txid = Sent. The exchange has not given a transaction id.
wd-news-refunded = Nothing was sent; the amount is back in your balance.
wd-not-authorized = Withdrawal #{ $id } was not authorized (the exchange still has it as a draft): nothing was debited and nothing will be sent unless you authorize it: open it in /withdrawals to enter the code, or start again with /withdraw.
wd-gave-up = I stopped following withdrawal #{ $id }: it is still not final. /withdrawals shows its status.
wd-gave-up-unreadable = I can't read the status of withdrawal #{ $id } from the exchange, so I stopped following it. /withdrawals shows its status.
wd-gave-up-disconnected = Your API key is no longer connected, so I stopped following withdrawal #{ $id }. Its status is in your exchange account, or in /withdrawals once you reconnect.
wd-status = { $status ->
        [5] draft (not authorized)
        [10] pending
        [15] processing
        [20] failed
        [30] canceled
        [40] rejected by the exchange
        [50] expired
        [60] sent
       *[other] status { $status }
    }
wd-list-title = <b>Your withdrawals</b> (page { $page } of { $pages }; times in { $zone })
wd-list-none = You have not made any withdrawals yet.
wd-list-line = { $icon } #{ $id } · { $when } · { $amount } → { $label } · { $status }
wd-list-newer = ‹ Newer
wd-list-older = Older ›
wd-detail =
    { $icon } <b>Withdrawal #{ $id }</b>: { $status }
    Amount: { $amount }
    To: <b>{ $label }</b>
    Address: <code>{ $address }</code>
wd-detail-memo = Memo / tag: <code>{ $memo }</code>
wd-detail-txid = Blockchain transaction id (txid): <code>{ $txid }</code>
wd-detail-fee = Fee: { $fee }
wd-detail-transaction = In /history: transaction #{ $tx } (withdrawal #{ $id } here; the two lists number apart).
wd-detail-created = Created: { $when }
wd-detail-changed = Last change: { $when }
wd-detail-zone = Times in { $zone }.
wd-button-back = ‹ Back to the list
wd-draft-note = 📝 A draft moves nothing: nothing is debited and nothing is sent until it is authorized with your 2FA code.
wd-button-enter-code = 🔑 Enter the 2FA code
wd-draft-gone = Withdrawal #{ $id } is no longer a draft (for example, it was authorized meanwhile in the web app), so no code is needed. Where it stands now:
wd-no-label = (no label)
## addresses
cmd-addresses = Saved withdrawal addresses
addr-title = <b>Your address book</b> (page { $page } of { $pages })
addr-none = Your address book is empty. Withdrawals go only to saved addresses you have confirmed from the email: add one with the button below.
addr-group = <b>{ $asset }</b> · { $name }
addr-line = { $n }. <b>{ $label }</b> · <code>{ $address }</code>
addr-line-memo = { $n }. <b>{ $label }</b> · <code>{ $address }</code> · { $kind ->
        [tag] tag
       *[other] memo
    } <code>{ $memo }</code>
addr-line-state = { $state } · { $usage }
addr-state-confirmed = ✅ confirmed
addr-state-unconfirmed = ✉️ waiting for email confirmation
addr-usage-never = never used
addr-usage = used { $count } { $count ->
        [one] time
       *[other] times
    }, last { $when }
addr-usage-undated = used { $count } { $count ->
        [one] time
       *[other] times
    }
addr-times-zone = <i>Times in { $zone }.</i>
addr-updated = <i>Updated { $time } ({ $zone })</i>
addr-button-add = ➕ Add address
addr-button-details = 🔎 { $n }. { $label }
addr-button-resend = ✉️ Resend confirmation
addr-button-resend-short = ✉️ Resend
addr-button-delete = 🗑 Delete
addr-button-previous = ‹ Previous
addr-button-next = Next ›
addr-button-list = ‹ Address book
addr-button-skip = Skip
addr-button-save = Save
addr-button-delete-confirm = Yes, delete it
addr-button-keep = Keep it
addr-details-title = <b>{ $label }</b> · { $asset } ({ $name })
addr-details-address = Address: <code>{ $address }</code>
addr-details-unconfirmed = ✉️ Waiting for you to confirm it from the email. Until then it can't be used for withdrawals.
addr-details-confirmed = ✅ Confirmed { $when }: it can be used for withdrawals.
addr-details-confirmed-undated = ✅ Confirmed: it can be used for withdrawals.
addr-details-deleted = 🗑 Deleted: it can't be used for withdrawals. Its history is kept.
addr-details-created = Added { $when }
addr-details-usage = Withdrawals: { $usage }
addr-read-only = Your API key is read-only, so I can't change your address book with it. You can still look with /addresses; to add, delete or resend a confirmation, connect a read &amp; write key with /connect.
addr-ask-asset = <b>New withdrawal address</b>
    Which asset is it for? Pick one, or type its code or name.
addr-ask-address = Send the { $asset } address (it looks like { $shape }). Copy and paste it rather than typing it.
addr-ask-address-any = Send the { $asset } address. Copy and paste it rather than typing it.
addr-ask-memo-tag = Send the destination tag of this { $asset } address (a number). Exchanges usually need one; if this address has none, /skip.
addr-ask-memo = Send the memo of this { $asset } address. Exchanges often need one; if this address has none, /skip.
addr-ask-memo-unknown = Does this { $asset } address need a memo or tag? Send it, or /skip if it has none.
addr-ask-label = Give this address a name you will recognise when you withdraw (up to 200 characters), e.g. <i>My Ledger</i>.
addr-ask-destination-type = The travel rule requires a few details about where withdrawals go. Is this address a personal wallet or an account at an exchange?
addr-ask-wallet-provider = Which wallet is it? Pick one, or Other.
addr-ask-wallet-provider-other-name = Type the wallet's name.
addr-ask-exchange = Which exchange is the account at? Pick one, or Other.
addr-ask-exchange-other-name = Type the exchange's name.
addr-ask-ownership = Whose is it?
addr-ask-beneficiary-type = Who owns it: a person or a business?
addr-ask-beneficiary-full-name = Type the owner's full name.
addr-ask-beneficiary-country = Where does the owner live? Pick a country, or type its name or two-letter code (e.g. <code>FR</code>).
addr-ask-beneficiary-region = The owner's state, province or region, or /skip.
addr-ask-beneficiary-organisation-name = Type the business's registered name.
addr-ask-beneficiary-organisation-country = Where is the business registered? Pick a country, or type its name or two-letter code.
addr-ask-beneficiary-organisation-region = The business's state, province or region, or /skip.
addr-current = Your previous answer: <b>{ $answer }</b>
addr-answer = → <b>{ $answer }</b>
addr-skipped = → <i>skipped</i>
addr-choice-personal-wallet = Personal wallet
addr-choice-exchange-account = Exchange account
addr-choice-self = Mine
addr-choice-other-owner = Someone else's
addr-choice-individual = A person
addr-choice-organisation = A business or organisation
addr-choice-other = Other…
addr-bad-asset = I don't know the asset “{ $asset }”.
addr-bad-address-shape = That does not look like a { $asset } address (expected { $shape }). Check it and send it again.
addr-bad-address-checksum = That starts like a { $asset } address ({ $prefix }…), but its checksum does not match: a character is mistyped or missing. Copy the address again from its source and send it.
addr-bad-address-too-long = That is too long for an address: at most { $max } characters.
addr-bad-address-charset = An address has only letters, digits and a few symbols, with no spaces. Check it and send it again.
addr-bad-tag = A destination tag is a whole number from 0 to 4294967295. Send it again, or /skip if the address has none.
addr-bad-memo-charset = A memo is a single line of text. Send it again, or /skip.
addr-bad-blank = This answer can't be empty.
addr-bad-too-long = That is too long: at most { $max } characters.
addr-bad-name-short = That is too short for a name: type the full name (at least { $min } letters), as on the owner's ID or registration.
addr-bad-pick = Pick one of these, or /cancel:
addr-bad-country = “{ $input }” is not a country I know. Type a two-letter ISO code like <code>AU</code> or <code>GB</code>, or the country's name.
addr-not-skippable = This one is needed, so it can't be skipped.
addr-no-back = This is the first question: there is none to go back to.
addr-cancelled = Cancelled. Nothing was saved.
addr-summary-title = <b>Save this withdrawal address?</b>
addr-summary-asset = Asset: { $asset } ({ $name })
addr-summary-address = Address: <code>{ $address }</code>
addr-summary-memo = { $kind ->
        [tag] Destination tag
       *[other] Memo
    }: <code>{ $memo }</code>
addr-summary-label = Name: <b>{ $label }</b>
addr-summary-travel = <b>Travel rule details</b>
addr-summary-destination = Destination: { $answer }
addr-summary-provider = Wallet: { $answer }
addr-summary-provider-name = Wallet name: { $answer }
addr-summary-exchange = Exchange: { $answer }
addr-summary-exchange-name = Exchange name: { $answer }
addr-summary-ownership = Owner: { $answer }
addr-summary-beneficiary-type = Owned by: { $answer }
addr-summary-name = Name: { $answer }
addr-summary-country = Country: { $answer }
addr-summary-region = Region: { $answer }
addr-summary-note = Check the address character by character: a withdrawal to a wrong address can't be undone. After saving, the exchange emails you a link to confirm it, valid for 30 minutes.
addr-saving = Saving the address…
addr-created = ✅ <b>Saved “{ $label }”</b> ({ $asset }).
    📧 The exchange emailed you a confirmation link: open it within 30 minutes. Until you do, this address can't be used for withdrawals. No email, or the link expired? Press Resend confirmation. Refresh shows its state.
addr-create-unknown = ⚠️ The exchange's answer was lost, so this address may have been saved. Check your address book (and your email: a confirmation would be on its way) before adding it again.
addr-resent = 📧 A new confirmation email for “{ $label }” is on its way. Open its link within 30 minutes.
addr-resend-confirmed = “{ $label }” is already confirmed, so there is nothing to resend: it can be used for withdrawals.
addr-resend-deleted = “{ $label }” was deleted, so it can't be confirmed any more. Add it again with /addresses if you need it.
addr-resend-unknown = ⚠️ The exchange's answer was lost, so the confirmation email may have been sent. Check your inbox (and spam folder) before asking again.
addr-resend-wait = ✉️ A confirmation email for this address was sent less than a minute ago. Check your inbox (and spam folder); you can ask again in a minute.
addr-delete-ask = Delete “{ $label }” ({ $asset }, <code>{ $address }</code>)?
    It can no longer be used for withdrawals. The exchange keeps its history: past withdrawals to it stay in your records.
addr-deleting = Deleting “{ $label }”…
addr-deleted = 🗑 “{ $label }” was deleted. It can't be used for withdrawals any more; its history is kept.
addr-delete-already = “{ $label }” was already deleted.
addr-delete-kept = Kept “{ $label }”. Nothing was changed.
addr-delete-unknown = ⚠️ The exchange's answer was lost, so “{ $label }” may have been deleted. Refresh shows its state.
addr-create-refused = Nothing was saved. Back lets you change your answers.
## alerts (delivery of fired triggers)
alerts-notify-above = 🔔 <b>{ $asset }</b> rose to { $level } or above
alerts-notify-below = 🔔 <b>{ $asset }</b> fell to { $level } or below
alerts-notify-reached = 🔔 <b>{ $asset }</b> reached { $level }
alerts-notify-price = Fired at { $price } · { $time } ({ $zone })
alerts-notify-order-buy-spend = Order: buy { $asset } with { $amount }
alerts-notify-order-buy-get = Order: buy { $amount }
alerts-notify-order-sell-spend = Order: sell { $amount }
alerts-notify-order-sell-get = Order: sell { $asset } for { $amount }
alerts-notify-trade = ✅ A trade was placed.
alerts-notify-failed = ❌ No trade was placed.
alerts-notify-failed-balance = ❌ No trade was placed: there was not enough balance.
alerts-notify-failed-unknown = ❌ No trade was placed, and the exchange gave no reason.
alerts-notify-button-open = Open the alert
alerts-notify-button-pause = Pause
alerts-notify-button-trade = View trade
alerts-notify-key-revoked = ⚠️ The exchange no longer accepts your API key, so I stopped watching your price alerts. Connect a working key with /connect to get alerts again.
## Market alerts watched by the bot: the message (bot/alerts/market/format.ts)
market-notify-move-up = 📈 <b>{ $asset }</b> rose { $percent } within { $window }
market-notify-move-down = 📉 <b>{ $asset }</b> fell { $percent } within { $window }
market-notify-from-low = From the window's low of { $price } at { $time }
market-notify-from-high = From the window's high of { $price } at { $time }
market-notify-day-up = 📈 <b>{ $asset }</b> is { $percent } over 24 hours
market-notify-day-down = 📉 <b>{ $asset }</b> is { $percent } over 24 hours
market-notify-day-ref = 24 hours ago: { $price } at { $time }
market-notify-step = ↕️ <b>{ $asset }</b> moved { $percent } since your alarm last rang
market-notify-step-ref = From { $price } at { $time }
market-notify-step-ref-price = From { $price }
market-notify-rsi-up = 🌡 <b>{ $asset }</b>: RSI(14) on hourly closes is { $rsi }, above { $threshold } (overbought)
market-notify-rsi-down = 🌡 <b>{ $asset }</b>: RSI(14) on hourly closes is { $rsi }, below { $threshold } (oversold)
market-notify-rsi-ref = Last hourly close: { $price } at { $time }
market-notify-setting-move = Your alert: a move of { $percent } within { $window }
market-notify-setting-day = Your alert: the 24-hour change beyond ±{ $percent }
market-notify-setting-step = Your alarm: every { $percent } the price moves
market-notify-now = Now { $price } · { $time } ({ $zone })
market-notify-watched = <i>Watched by this bot from the public price: no email or SMS, and nothing is traded by itself.</i>
market-notify-window-15m = 15 minutes
market-notify-window-1h = 1 hour
market-notify-window-4h = 4 hours
market-notify-window-24h = 24 hours
market-notify-button-buy = Buy { $asset }
market-notify-button-sell = Sell { $asset }
market-notify-button-pause = Pause this alert
market-notify-paused = ⏸ Paused. Resume it from /alerts.
market-notify-gone = This alert no longer exists.

## Portfolio alerts watched on the heartbeat: the message (bot/alerts/portfolio/format.ts)
alerts-portfolio-msg-value-up = 💼 Your portfolio is worth <b>{ $total }</b>, above your level of { $level }
alerts-portfolio-msg-value-down = 💼 Your portfolio is worth <b>{ $total }</b>, below your level of { $level }
alerts-portfolio-msg-day-up = 📈 Your whole account is <b>{ $percent }</b> today (AUD cash included)
alerts-portfolio-msg-day-down = 📉 Your whole account is <b>{ $percent }</b> today (AUD cash included)
alerts-portfolio-msg-asset-up = 📈 <b>{ $asset }</b> is <b>{ $percent }</b> on your average buy price
alerts-portfolio-msg-asset-down = 📉 <b>{ $asset }</b> is <b>{ $percent }</b> on your average buy price
alerts-portfolio-msg-setting-day = Your alert: the whole account moving { $threshold } in a day
alerts-portfolio-msg-setting-asset = Your alert: a return of { $threshold } on the average buy price
alerts-portfolio-msg-read = Read { $time } ({ $zone })
alerts-portfolio-msg-watched = <i>Watched by this bot from your portfolio every few minutes: no email or SMS, and nothing is traded by itself.</i>
alerts-portfolio-msg-button-portfolio = Portfolio
alerts-portfolio-msg-already-paused = This alert is already paused. Resume it from /alerts.

## Listening: words typed in the chat (read in every language at once; commas separate entries)
listen-words-buy = buy, purchase, get me, pick up, acquire, invest, spend, byu, buyy, purchse, grab, pick up some
listen-words-sell = sell, dump, offload, cash out, liquidate, sel, sll, seel, selll
listen-words-swap = swap, convert, exchange, trade, switch, change, swp, swpa, sawp
listen-words-price = price, prices, price of, rate, quote, how much, how much is, what s, what is, worth, value, cost, trading at, going for, current price, how is, how s, 24h change, 24 hour change, daily change, change today, price change, what s the 24h change
listen-words-alert = alert, alert me, tell me, notify, notify me, let me know, ping me, remind me, warn me, message me, watch
listen-words-above = above, over, >, >=, goes above, goes over, rises above, gets above, climbs above, exceeds, breaks, more than, higher than, is above, is over
listen-words-below = below, under, <, <=, goes below, goes under, drops below, drops under, drops to, falls below, falls under, falls to, dips below, dips under, dips to, less than, lower than, is below, is under
listen-words-reach = hits, reaches, gets to, touches, is at, hit, reach, crosses, passes, goes past, breaks through
listen-words-into = to, into, for
listen-words-fiat = aud, dollars, dollar, bucks, $, a$, au$
listen-words-filler = please, pls, plz, can you, could you, would you, can i, i want to, i d like to, i would like to, i wanna, id like to, want to, i, me, some, now, right now, the, a, an, my, of, with, worth of, on, at, is, are, it, it s, its, goes, for me, just, hey, hi, bot, quick, currently, today, units, unit, coins, coin, what, show, show me, check, see, give me, get, list, view, open, of my, in, how about, thanks, then, last, latest, recent, that, this, this month, this week, this year, how do i, how can i, how to, add, new
listen-words-negation = don t, dont, do not, not, never, didn t, didnt, won t, wont
listen-words-condition = if, when, once, as soon as, whenever, in case, should it, if it, when it
listen-words-hedge = every, each, should, should i, would, could, what happens, what if, what would, what happens if, would it, is it worth, is it a good time, do you think, maybe, perhaps, might, hmm, hmmm, no, nah, nope, not sure, tomorrow, later, next week, next month, someday, soon, i ll, ill, i will, going to, gonna, planning to, thinking of, thinking about, yesterday, last week, last month, ago, earlier, friend, my friend, he, she, they, someone, somebody, told me, said, advice, recommend, tip, wants, wants to, brother, sister, wife, husband, dad, mum, mom, son, daughter, partner, colleague, boss, his, her
listen-words-daily = daily, every day, each day, per day, a day
listen-words-weekly = weekly, every week, each week, per week, a week, every monday, every tuesday, every wednesday, every thursday, every friday, every saturday, every sunday, on mondays, on fridays
listen-words-fortnightly = fortnightly, every fortnight, every two weeks, every 2 weeks, biweekly
listen-words-monthly = monthly, every month, each month, per month, a month
listen-words-pause = pause, suspend, halt, turn off, switch off, disable, put on hold
listen-words-resume = resume, unpause, restart, turn on, switch on, re enable, reenable, start again, continue
listen-words-confirm = yes, y, yeah, yep, yup, ok, okay, sure, confirm, confirmed, go, go ahead, do it, proceed, save, agree, correct, right
listen-words-half = half, a half, half of it, half of them
listen-words-all = all, all of it, everything, max, the lot, all my, all of my
listen-words-back = back, go back, previous, all
listen-not-understood = I don't understand { $input }. Type a command, an asset (<code>btc</code>) or a request such as <code>buy 100 aud of eth</code>. Perhaps one of these:
listen-not-understood-group = I don't understand { $input }. Here I answer prices, e.g. <code>@{ $bot } btc</code> or /price; write to me in private for your account.
listen-that = that
listen-language-names = english: en, chinese: zh, mandarin: zh, simplified chinese: zh
listen-code-deleted = That looked like a 2FA code, so I deleted it. No withdrawal is waiting for one: /withdrawals shows yours.
listen-code-not-deleted = That looked like a 2FA code, but I could not delete it: please delete it yourself. No withdrawal is waiting for one: /withdrawals shows yours.
listen-nothing-to-correct = There is no quote on screen to change. To trade, type it whole, e.g. <code>buy 100 aud of eth</code>.
listen-statement-periods = this month: month, last month: prevmonth, previous month: prevmonth, last 12 months: twelvemonths, past 12 months: twelvemonths, past year: twelvemonths, last year: twelvemonths, this financial year: fy, this fy: fy, last financial year: prevfy, last fy: prevfy, previous financial year: prevfy
listen-which = Which one do you mean?
listen-trade-talk = I trade only when asked plainly, so I did nothing. { $line ->
        [none] To trade now, send /buy, /sell or /swap.
       *[other] To do it now, send <code>{ $line }</code>.
    } I don't give advice.
listen-ask-share = How much { $asset } should the alert { $verb ->
        [buy] spend
       *[sell] sell
    } when the price is reached? Pick one, or type the whole alert, e.g. <code>{ $example }</code>.
listen-ask-asset = Which asset should I { $verb ->
        [sell] sell for
       *[buy] buy with
    } ${ $amount }? Pick one, or type it, e.g. <code>{ $verb } { $amount } aud of eth</code>.
listen-ask-asset-units = Which crypto should I { $verb } { $amount } of? Pick one, or type it, e.g. <code>{ $verb } { $amount } eth</code>.
listen-share-all = All
listen-share-half = Half
listen-share-quarter = A quarter
listen-share-none = You hold no { $asset }, so there is nothing to take a share of.
listen-words-cancel = no, n, nope, cancel, stop, abort, never mind, nevermind, forget it
listen-commands-balance = balance, balances, my balance, holdings, what do i have, what do i own, how much do i have, account, wallet, funds, cash
listen-commands-portfolio = portfolio, allocation, pie chart, performance, returns
listen-commands-swaps = swaps, recent swaps, trades, my trades, orders
listen-commands-alerts = alerts, price alerts, triggers, price triggers
listen-commands-dca = dca, recurring, recurring buys, recurring trades, schedules, auto buy
listen-commands-history = history, transactions, transaction history, activity, ledger, what did i buy, what did i sell, did i buy, did i sell, what have i bought, what have i sold, my purchases, sold, bought, what did i spend, how much did i spend, spent
listen-commands-statement = statement, statements, account statement, report, tax report
listen-commands-withdraw = withdraw, withdrawal, send out, send, transfer
listen-commands-withdrawals = withdrawals, recent withdrawals
listen-commands-addresses = addresses, address book, saved addresses, address, withdrawal address, withdrawal addresses
listen-commands-settings = settings, preferences, options, language, time zone, timezone
listen-commands-chart = chart, charts, graph, price chart, price history, chart of
listen-commands-cancel = cancel, stop, never mind, nevermind, forget it, abort, quit, nvm, cancel that, forget that
listen-commands-help = help, commands, what can you do, how does this work, menu

# Over the inbound limits (bot/inbound-limits.ts): one notice per spell of skipped updates.
skipped-updates = Slow down a little: I skipped { $count ->
        [one] one message or tap
       *[other] { $count } messages and taps
    } that came too fast. Send again what you still need; /cancel always works.
skipped-updates-group = { $name }, slow down a little: I skipped { $count ->
        [one] one message or tap
       *[other] { $count } messages and taps
    } that came too fast.

## chart
cmd-chart = Price chart with your alert levels
chart-ask-asset = Which asset's chart? Tap one, or send <code>/chart CODE</code> (a name works too, e.g. <code>/chart bitcoin 7d</code>).
chart-pick-asset = Tap one for its chart, or send <code>/chart CODE</code>.
chart-bad-period = I can't chart { $asset } over “{ $period }”: a chart covers 1h, 24h, 7d or 30d. Tap one:
chart-not-priced = { $asset } has no buy and sell price on the exchange right now, so there is nothing to chart.
chart-no-history = I have no { $asset } prices for the { $period } yet: the bot keeps its own price history from when it runs. Try again in a few minutes.
chart-too-little = I have too few { $asset } prices for the { $period } yet: the bot keeps its own price history from when it runs, and has prices since { $since } ({ $zone }). Try again in a few minutes.
chart-period-1h = last hour
chart-period-24h = last 24 hours
chart-period-7d = last 7 days
chart-period-30d = last 30 days
chart-title = <b>{ $asset }</b>{ $name } · { $period }
chart-figures = Now { $last } · { $change } since { $first }
chart-range = High { $high } · low { $low }
chart-since = Prices only since { $since } ({ $zone }): the bot keeps its own history from when it runs.
chart-gaps = Breaks in the line are times the bot has no price for.
chart-legend-triggers = Amber dashed lines: your armed price alerts (▲ above, ▼ below): { $levels }.
chart-legend-more = { $count ->
        [one] One more alert, further from the price, is not drawn: /alerts lists it.
       *[other] { $count } more alerts, further from the price, are not drawn: /alerts lists them.
    }
chart-legend-watched = Purple dotted lines with ◆: levels the bot watches for your market alerts: { $levels }.
chart-legend-average = Blue dotted line: your average buy price, { $price }.
chart-no-key = Connect a key (/connect) to see your alert levels and average buy price on the chart.
chart-lines-failed = Your alert levels and average buy price could not be read, so they are not drawn. { $reason }
chart-updated = <i>Mid prices (halfway between buy and sell) in AUD, updated { $time } ({ $zone }). A tag with ↑ or ↓ is a level beyond the picture.</i>

## market alerts (watched by the bot)
market-what-move = { $direction ->
        [up] rises { $percent }%
        [down] falls { $percent }%
       *[either] moves { $percent }% either way
    } within { $window ->
        [m15] 15 minutes
        [h1] 1 hour
        [h4] 4 hours
       *[h24] 24 hours
    }
market-what-day = has a 24-hour change { $direction ->
        [up] above +{ $percent }%
        [down] below -{ $percent }%
       *[either] beyond ±{ $percent }%
    }
market-what-step = moves { $percent }% (either way) from where it last alerted, each time
market-what-rsi = has an RSI(14) on hourly closes { $direction ->
        [up] above { $high } (overbought)
        [down] below { $low } (oversold)
       *[either] below { $low } or above { $high }
    }
market-error-percent-format = Give the percentage as a number like <code>5</code> or <code>2.5</code> (at most two decimals).
market-error-percent-range = The percentage must be between { $min }% and { $max }%.
market-error-rsi-format = Give the RSI thresholds as two numbers like <code>30 70</code>.
market-error-rsi-range = RSI thresholds must be between { $min } and { $max }.
market-error-rsi-spread = The high RSI threshold must be at least { $spread } above the low one (e.g. <code>30 70</code>).
market-error-window = Say the window: 15m, 1h, 4h or 24h, e.g. <code>/alert BTC moves 5% 1h</code>.
market-error-direction = Say the direction: up, down, or moves (either way).
market-error-asset = Say which asset, e.g. <code>/alert BTC moves 5% 1h</code>.
market-error-kind = I can watch a move within a window, the 24-hour change, every N % or the RSI, e.g. <code>/alert BTC moves 5% 1h</code>.
market-line = 🤖 <b>{ $asset }</b> { $what }{ $state ->
        [paused] {" "}· ⏸ paused
       *[active] {""}
    }
market-list-title = <b>Watched by the bot</b> ({ $count }): a message here only, no email or SMS, no trade
market-list-no-key = <b>Exchange alerts</b>: connect an API key with /connect to see your price alerts on the exchange.
alerts-none-triggers = <b>Exchange alerts</b>: none.
market-card-title = <b>🤖 { $asset } alert, watched by the bot</b>
market-card-what = Alerts when { $asset } { $what }.
market-card-state = State: { $state ->
        [paused] ⏸ paused
       *[active] ✅ active
    }
market-card-last = Last alerted: { $when } ({ $zone })
market-card-move-from = Watching from { $price }, the price of its last alert: a further move of its size within the window alerts again.
market-card-move-again = After each alert it watches again from the price it alerted at, so a move that goes on is told as it goes.
market-watched-by-bot = The bot watches this on the exchange's public prices: it messages you here (no email or SMS) and trades nothing by itself.
market-summary-title = <b>New alert watched by the bot: { $asset }</b>
market-summary-edit-title = <b>Change this alert watched by the bot: { $asset }</b>
market-summary-now = Now: { $price }
market-rsi-from = The bot has too little price history for the RSI yet: it is active from { $when } ({ $zone }).
market-refused-limit = You already have { $limit } alerts watched by the bot, the most there can be. Delete one in /alerts first.
market-refused-duplicate = You already have this very alert. See /alerts.
market-gone = That alert is no longer there: it may have been deleted.
market-created = ✅ Alert saved.
market-changed = ✅ Alert changed.
market-deleted = 🗑 Alert deleted.
market-confirm-delete = Delete the { $asset } alert ({ $what })?
market-button-resume = ▶️ Resume
market-button-edit = ✏️ Edit
market-kind-button = { $kind ->
        [move] 📈 Move within a time
        [day_change] 24-hour change
        [step] Every N %
       *[rsi] RSI overbought / oversold
    }
market-ask-or-kind = Or let the bot watch a move of the price:
market-ask-direction = Which way should { $asset } move?
market-direction-button = { $direction ->
        [up] ▲ Up
        [down] ▼ Down
       *[either] ↕ Either way
    }
market-ask-window = Within how long?
market-window-button = { $window ->
        [m15] 15 min
        [h1] 1 hour
        [h4] 4 hours
       *[h24] 24 hours
    }
market-ask-percent = { $kind ->
        [step] Alert every how many percent { $asset } moves? Pick or type one, e.g. 2.
       *[other] By how many percent? Pick or type one, e.g. 5.
    }
market-ask-rsi = Alert when the RSI of { $asset } goes below the low or above the high threshold. Pick or type two numbers, e.g. 30 70.
market-ask-current = Now: { $current }
market-edit-intro = Changing the { $asset } alert ({ $what }). Type it anew in one line, as after <code>/alert { $asset }</code> (now: <code>{ $words }</code>), or go step by step.
market-button-steps = Step by step

## Portfolio alerts in the chat (bot/alerts/portfolio/chat.ts, portfolio-describe.ts, portfolio-conversation.ts)
alerts-portfolio-chat-what-value = your total value is { $direction ->
        [above] { $level } or more
       *[below] { $level } or less
    }
alerts-portfolio-chat-what-day = your whole account's change today (AUD cash included) is { $direction ->
        [up] +{ $percent }% or more
        [down] -{ $percent }% or less
       *[either] beyond ±{ $percent }%
    }
alerts-portfolio-chat-what-asset = your { $asset } return on what you paid is { $direction ->
        [up] +{ $percent }% or more
        [down] -{ $percent }% or less
       *[either] beyond ±{ $percent }%
    }
alerts-portfolio-chat-error-kind = I can watch your total value, your whole account's change today or an asset's return on what you paid, e.g. <code>/alert portfolio below 50000</code>, <code>/alert portfolio day 5%</code> or <code>/alert BTC return 20%</code>.
alerts-portfolio-chat-error-asset = Say which asset (not AUD), e.g. <code>/alert BTC return 20%</code>.
alerts-portfolio-chat-error-direction = Say above or below, e.g. <code>/alert portfolio below 50000</code>.
alerts-portfolio-chat-error-level-format = Give the level as an amount in AUD like <code>50000</code>, <code>120k</code>, <code>$1.2m</code> or <code>5万</code> (at most two decimals).
alerts-portfolio-chat-error-level-range = The level must be between { $min } and { $max }.
alerts-portfolio-chat-error-percent-format = Give the percentage as a number like <code>5</code> or <code>-3%</code> (at most two decimals).
alerts-portfolio-chat-error-percent-range = The percentage must be between { $min }% and { $max }%.
alerts-portfolio-chat-which-side = Alert when your total value goes above { $level }, or below it? Pick one.
alerts-portfolio-chat-side-button = { $direction ->
        [above] ▲ Above { $level }
       *[below] ▼ Below { $level }
    }
alerts-portfolio-chat-refused-heartbeat = Portfolio alerts can't be watched on this bot: it reads each account every { $seconds } seconds, which leaves no room within the exchange's limit to read your portfolio too (that needs more than 50 seconds). Alerts on prices still work, e.g. <code>/alert BTC moves 5% 1h</code>.
alerts-portfolio-chat-refused-limit = You already have { $limit } portfolio alerts, the most there can be. Delete one in /alerts first.
alerts-portfolio-chat-summary-title = <b>💼 New portfolio alert, watched by the bot</b>
alerts-portfolio-chat-summary-edit-title = <b>💼 Change this portfolio alert, watched by the bot</b>
alerts-portfolio-chat-card-what = Alerts when { $what }.
alerts-portfolio-chat-now-value = Now: { $total }
alerts-portfolio-chat-now-day = Your whole account today so far: { $percent } (AUD cash included)
alerts-portfolio-chat-now-asset = { $asset } now: { $percent } on what you paid
alerts-portfolio-chat-now-unknown = Now: the exchange gives no figure for this yet.
alerts-portfolio-chat-not-held = ⚠️ You hold no { $asset } now: this alert stays quiet until you do.
alerts-portfolio-chat-past-now = It is past this already, so it alerts at its first check.
alerts-portfolio-chat-every = { $unit ->
        [minutes] { $count ->
            [one] minute
           *[other] { $count } minutes
        }
       *[seconds] { $count } seconds
    }
alerts-portfolio-chat-checked = Checked every { $every }: the bot reads your portfolio with your API key and messages you here (no email or SMS); it trades nothing.
alerts-portfolio-chat-list-title = <b>💼 Your portfolio, watched by the bot</b> ({ $count }): read with your key, a message here only
alerts-portfolio-chat-line = 💼 { $what }{ $state ->
        [paused] {" "}· ⏸ paused
       *[active] {""}
    }
alerts-portfolio-chat-list-button = { $kind ->
        [portfolio_value] 💼 Total { $threshold }
        [portfolio_day] 💼 Day { $threshold }
       *[asset_return] 💼 { $asset } return { $threshold }
    }
alerts-portfolio-chat-card-title = <b>💼 Portfolio alert, watched by the bot</b>
alerts-portfolio-chat-confirm-delete = Delete the portfolio alert ({ $what })?
alerts-portfolio-chat-kind-button = { $kind ->
        [portfolio_value] 💼 Total value
        [portfolio_day] 💼 Change today (whole account)
       *[asset_return] 💼 Return on what I paid
    }
alerts-portfolio-chat-whole-button = 💼 My whole portfolio
alerts-portfolio-chat-ask-kind = What should the bot watch on your portfolio?
alerts-portfolio-chat-ask-side = Alert when your total value goes above or below a level?
alerts-portfolio-chat-ask-level = { $direction ->
        [above] Alert when your total value is at least how much, in AUD?
       *[below] Alert when your total value is at most how much, in AUD?
    } Type an amount like 50000, 120k or 5万.
alerts-portfolio-chat-ask-direction = { $asset ->
        [none] Which way should your whole account's change today go (AUD cash included)?
       *[other] Which way should your { $asset } return on what you paid go?
    }
alerts-portfolio-chat-ask-percent = By how many percent? Pick or type one, e.g. 5.
alerts-portfolio-chat-edit-intro = Changing the portfolio alert ({ $what }). Type it anew in one line, as after <code>/alert</code> (now: <code>{ $words }</code>), or go step by step.
