# English. Messages are Telegram HTML: variables arrive already escaped.

## Commands (menu descriptions)
cmd-start = Welcome and how to connect
cmd-help = Every command
cmd-connect = Connect your exchange API key
cmd-disconnect = Remove your API key
cmd-balance = Balances and portfolio value
cmd-price = Buy and sell prices
cmd-settings = Language, time zone, alerts
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
    /price [ASSET …] — buy and sell prices, e.g. <code>/price BTC ETH</code>; <code>/price all</code> lists every asset
    /buy [ASSET AMOUNT] — buy crypto with AUD, e.g. <code>/buy BTC 100</code>
    /sell [ASSET AMOUNT] — sell crypto for AUD
    /swap [FROM TO AMOUNT] — swap one crypto for another
    /swaps — your recent swaps
    /connect — connect your API key (the message is deleted at once)
    /disconnect — remove your API key
    /settings — language, time zone, alert notifications
    /cancel — leave whatever step you are in, and void a quote on screen
    /help — this list

## Chat rules
private-only = For your safety I only handle account matters in a private chat. Open a chat with me and send the command there.
group-key-deleted = ⚠️ I deleted your message, but others may have seen the key: revoke it in the Digital Surge web app (Account settings → API keys) and create a new one.
group-key-exposed = ⚠️ Your API key is visible in this group and I could not delete it: delete the message, then revoke the key in the Digital Surge web app (Account settings → API keys).
not-allowed = Sorry, this bot is private.
cancelled = Cancelled. Nothing was changed.
nothing-to-cancel = There is nothing to cancel.
cancelled-write-pending = Cancelled. A trade already sent to the exchange may still go through: its result will be shown here, and /swaps lists it.
unknown-command = I don't know that command. /help lists what I can do.
unknown-text = I only understand commands here. /help lists them.
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
button-back = Back

## Balance
balance-title = <b>Your portfolio</b>
balance-aud = AUD cash: <b>{ $amount }</b>
balance-holding = { $asset }: { $quantity } ≈ <b>{ $value }</b>
balance-holding-no-value = { $asset }: { $quantity }
balance-stale = ⚠️ stale price
balance-none = You hold no crypto yet.
balance-total = Total value: <b>{ $total }</b>
balance-day = Today: { $amount } ({ $percent })
balance-all-time = All time: { $amount } ({ $percent })
balance-updated = <i>Updated { $time } ({ $zone })</i>

## Prices
price-title = <b>Prices in AUD</b>
price-line = <b>{ $asset }</b> { $name }: buy { $buy } · sell { $sell }
price-unknown = I don't know { $asset }.
price-unknown-suggest = I don't know { $asset }. Did you mean { $suggestions }?
price-see-all = <code>/price all</code> lists every asset.
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
settings-ask-timezone = Send your time zone as a region name, e.g. <code>Australia/Perth</code> or <code>Europe/London</code>. /cancel to keep { $zone }.
settings-bad-timezone = I don't know the time zone “{ $input }”. Send a name like <code>Australia/Brisbane</code>, or /cancel.
settings-timezone-saved = Time zone set to { $zone }.
settings-saved = Saved.
language-name = English

## Exchange errors
error-fields = The exchange did not accept that:
error-field-line = • { $field }: { $message }
error-request-line = • { $message }
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
error-server = The exchange had a problem (error { $status }). Try again shortly; if you were trading, check /swaps first.
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
trade-pick-again = Pick one of the buttons above, or /cancel.
trade-usage-buy = Usage: <code>/buy ASSET AMOUNT</code> (AUD to spend), e.g. <code>/buy BTC 100</code>, or just /buy to be guided.
trade-usage-sell = Usage: <code>/sell ASSET AMOUNT</code> (quantity to sell), e.g. <code>/sell ETH 0.5</code>, or just /sell to be guided.
trade-usage-swap = Usage: <code>/swap FROM TO AMOUNT</code> (quantity of FROM), e.g. <code>/swap BTC ETH 0.01</code>, or just /swap to be guided.

## Swaps: checks
trade-bad-amount = “{ $input }” is not an amount. Send a positive number like <code>100</code> or <code>0.05</code>.
trade-unknown-asset = I don't know the asset { $asset }.
trade-same-asset = You can't swap { $asset } for itself.
trade-need-crypto = Pick a crypto asset, not AUD, for this.
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

## alerts (delivery of fired triggers)
alerts-notify-above = 🔔 <b>{ $asset }</b> rose to { $level } or above
alerts-notify-below = 🔔 <b>{ $asset }</b> fell to { $level } or below
alerts-notify-reached = 🔔 <b>{ $asset }</b> reached { $level }
alerts-notify-price = Fired at { $price } · { $time } ({ $zone })
alerts-notify-order-buy-spend = Order: buy { $asset } with { $amount }
alerts-notify-order-buy-get = Order: buy { $amount }
alerts-notify-order-sell-spend = Order: sell { $amount }
alerts-notify-order-sell-get = Order: sell { $asset } for { $amount }
alerts-notify-trade = ✅ Trade placed: { $trade }
alerts-notify-failed = ❌ No trade was placed: { $reason }
alerts-notify-reason-balance = there was not enough balance ({ $detail })
alerts-notify-reason-unknown = the exchange gave no reason
alerts-notify-button-open = Open trigger
alerts-notify-button-pause = Pause
alerts-notify-button-trade = View trade
alerts-notify-key-revoked = ⚠️ The exchange no longer accepts your API key, so I stopped watching your price triggers. Connect a working key with /connect to get alerts again.
