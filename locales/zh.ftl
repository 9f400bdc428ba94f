# 简体中文。消息为 Telegram HTML：变量已转义。

## Commands (menu descriptions)
cmd-start = 欢迎与连接说明
cmd-help = 全部命令
cmd-connect = 连接交易所 API 密钥
cmd-disconnect = 移除 API 密钥
cmd-balance = 余额与资产总值
cmd-price = 买入价与卖出价
cmd-settings = 语言、时区、提醒
cmd-cancel = 退出当前步骤

## Start and help
start-welcome =
    <b>欢迎，{ $name }！</b>
    我可以在聊天中管理你的 Digital Surge 账户：一眼看清余额、查看价格，轻点几下即可兑换。

    开始前，请在 Digital Surge 网页版（账户设置 → API 密钥）创建 API 密钥，然后用 /connect 发送给我。只读密钥即可查看；交易需要读写密钥。
start-connected =
    <b>欢迎回来，{ $name }！</b>
    你的密钥已连接。试试 /balance 或 /price。
help =
    <b>命令</b>
    /balance — 余额、价值与收益
    /price [资产 …] — 买入价与卖出价，例如 <code>/price BTC ETH</code>；<code>/price all</code> 列出全部资产
    /buy [资产 金额] — 用澳元购买加密货币，例如 <code>/buy BTC 100</code>
    /sell [资产 数量] — 卖出加密货币换澳元
    /swap [源 目标 数量] — 加密货币互换
    /swaps — 最近的兑换
    /connect — 连接 API 密钥（消息会立即删除）
    /disconnect — 移除 API 密钥
    /settings — 语言、时区、提醒通知
    /cancel — 退出当前步骤，并作废屏幕上的报价
    /help — 本列表

## Chat rules
private-only = 为了你的安全，我只在私聊中处理账户事务。请与我私聊并在那里发送命令。
group-key-deleted = ⚠️ 我已删除你的消息，但其他人可能已看到密钥：请在 Digital Surge 网页版（账户设置 → API 密钥）撤销它并创建新密钥。
group-key-exposed = ⚠️ 你的 API 密钥在群组中可见，且我无法删除：请删除该消息，然后在 Digital Surge 网页版（账户设置 → API 密钥）撤销该密钥。
not-allowed = 抱歉，这是一个私人机器人。
cancelled = 已取消，没有任何更改。
nothing-to-cancel = 当前没有可取消的操作。
cancelled-write-pending = 已取消。已发送到交易所的交易仍可能完成：结果会在这里显示，/swaps 中也会列出。
unknown-command = 我不认识这个命令。/help 会列出我能做的事。
unknown-text = 我在这里只理解命令。/help 会列出全部命令。
stale-button = 这个按钮已过期，请重新发送命令。
not-your-button = 这个按钮不属于你。
something-went-wrong = 抱歉，我这边出了点问题。如果你刚才在做更改（交易、设置），请先确认它是否已生效，再重试。
storage-unavailable = 我的存储暂时不可用，未能处理这条消息。请过一分钟再试。如果你正在进行某个步骤（例如交易或设置），可能需要重新开始。

## Connect
connect-ask = 请在下一条消息中发送你的 API 密钥。收到后我会立即删除该消息并加密保存。发送 /cancel 可停止。
connect-checking = 正在检查密钥…
connect-ok-trade = ✅ 已连接。此密钥可以交易。
connect-ok-read-only = ✅ 已连接<b>只读</b>密钥：可以查看，但交易需要读写密钥。
connect-ok-unknown = ✅ 已连接。
connect-invalid = ❌ 交易所不接受这个密钥。请检查后再次发送 /connect。
connect-bad-format = 这看起来不像 API 密钥（应为 16 到 256 个字母、数字、- 或 _）。没有保存任何内容。
connect-deleted-note = （我已删除你包含密钥的消息。）
connect-delete-failed = ⚠️ 我无法删除你包含密钥的消息，请自行删除。
key-unreadable = 无法读取你保存的 API 密钥。请用 /connect 重新发送密钥。
pasted-key-deleted = 🔒 这看起来像 API 密钥，所以我删除了你的消息，没有保留任何内容。如需连接密钥，请发送 /connect。
pasted-key-not-deleted = ⚠️ 这看起来像 API 密钥。我没有保留任何内容，但无法删除你的消息：请自行删除。如需连接密钥，请发送 /connect。
connect-needed = 你还没有连接 API 密钥。发送 /connect 开始。
disconnect-confirm = 要从本机器人移除你的 API 密钥吗？你随时可以重新连接。
disconnect-yes = 是的，移除
disconnect-done = 你的 API 密钥已移除。
disconnect-none = 没有已连接的 API 密钥。

## Buttons
button-cancel = 取消
button-refresh = 刷新
button-back = 返回

## Balance
balance-title = <b>你的资产</b>
balance-aud = 澳元现金：<b>{ $amount }</b>
balance-holding = { $asset }：{ $quantity } ≈ <b>{ $value }</b>
balance-holding-no-value = { $asset }：{ $quantity }
balance-stale = ⚠️ 价格过时
balance-none = 你还没有持有任何加密货币。
balance-total = 总价值：<b>{ $total }</b>
balance-day = 今日：{ $amount }（{ $percent }）
balance-all-time = 累计：{ $amount }（{ $percent }）
balance-updated = <i>更新于 { $time }（{ $zone }）</i>

## Prices
price-title = <b>澳元价格</b>
price-line = <b>{ $asset }</b> { $name }：买入 { $buy } · 卖出 { $sell }
price-unknown = 我不认识 { $asset }。
price-unknown-suggest = 我不认识 { $asset }。你是不是想找 { $suggestions }？
price-see-all = 发送 <code>/price all</code> 查看全部资产。
price-all-title = <b>全部 { $count } 种资产</b>
price-all-hint = 发送 <code>/price 代码</code> 查看价格（可一次输入多个代码）。
price-updated = <i>参考价格，{ $time }（{ $zone }）。兑换前会先显示它自己的报价供你确认。</i>

## Settings
settings-title = <b>设置</b>
settings-language = 语言：{ $language }
settings-timezone = 时区：{ $zone }
settings-alerts = 提醒通知：{ $level }
settings-alerts-on = 开启
settings-alerts-silent = 静音
settings-alerts-off = 关闭
settings-button-language = 语言
settings-button-timezone = 时区
settings-button-alerts = 提醒
settings-choose-language = 选择语言：
settings-choose-alerts = 提醒如何通知你？<b>开启</b>会响铃，<b>静音</b>无声送达，<b>关闭</b>不发送。
settings-ask-timezone = 请发送时区名称，例如 <code>Australia/Perth</code> 或 <code>Asia/Shanghai</code>。发送 /cancel 保留 { $zone }。
settings-bad-timezone = 我不认识时区“{ $input }”。请发送类似 <code>Australia/Brisbane</code> 的名称，或发送 /cancel。
settings-timezone-saved = 时区已设为 { $zone }。
settings-saved = 已保存。
language-name = 简体中文

## Exchange errors
error-fields = 交易所不接受该请求：
error-field-line = • { $field }：{ $message }
error-request-line = • { $message }
field-spend-amount = 花费或卖出的数量
field-get-amount = 收到的数量
field-src-asset = 花费或卖出的资产
field-dst-asset = 收到的资产
field-price = 价格
field-amount = 数量
field-asset = 资产
field-address = 地址
field-memo = 备注或标签
field-label = 名称
field-token = 验证码
field-other = 请求中的某一项
field-msg-decimals = 最多 { $decimals } 位小数
field-msg-required = 缺失
field-msg-number = 不是数字
field-msg-at-least = 至少为 { $min }
field-msg-positive = 必须大于零
field-msg-too-long = 太长（最多 { $max } 个字符）
field-msg-too-small = 太小，无法交易
field-msg-balance = 超出你的余额
field-msg-choice = 不是允许的取值
error-unauthorized = 你的 API 密钥已失效。请用 /connect 连接新密钥。
error-forbidden = 你的 API 密钥是只读的，无法执行此操作。请用 /connect 连接读写密钥。
error-not-found = 交易所没有这条记录。
error-rate-limited = 交易所繁忙，请在 { $seconds } 秒后重试。
error-unavailable = 暂时无法连接交易所。没有执行任何操作，请稍后重试。
error-server = 交易所出现问题（错误 { $status }）。请稍后重试；如果你刚才在交易，请先用 /swaps 查看。
error-timeout = 交易所未及时响应。请稍后重试；如果你刚才在交易，请先用 /swaps 查看：交易可能已完成。
error-interrupted = 与交易所的连接在收到回复前中断。请稍后重试；如果你刚才在交易，请先用 /swaps 查看：交易可能已完成。
error-timeout-read = 交易所暂时没有响应。没有任何更改，请稍后重试。
error-bad-response = 交易所返回了我无法读取的结果。如果你刚才在做更改，请先确认它是否已生效，再重试。
error-unsupported = 交易所不支持对这条记录执行此操作。

## Swaps: commands
cmd-buy = 用澳元购买加密货币
cmd-sell = 卖出加密货币换澳元
cmd-swap = 加密货币互换
cmd-swaps = 最近的兑换

## Swaps: guided steps
trade-pick-buy = 你想买什么？
trade-pick-sell = 你想卖什么？
trade-pick-from = 你想用哪种加密货币兑换？
trade-pick-to = 用 { $src } 兑换哪种加密货币？
trade-nothing-to-sell = 你没有可卖的加密货币。
trade-ask-spend = { $kind ->
        [buy] 你想花多少 { $asset }？
        [sell] 你想卖出多少 { $asset }？
       *[swap] 你想换出多少 { $asset }？
    }你有 { $balance }。
    输入金额，或选择余额的比例。
trade-ask-receive = { $kind ->
        [buy] 你想买入多少 { $asset }？
       *[other] 你想用 { $src } 换得多少 { $asset }？
    }
trade-button-receive = { $kind ->
        [buy] 按买入的 { $asset } 数量
       *[other] 按收到的 { $asset } 数量
    }
trade-button-spend = { $kind ->
        [buy] 按花费的 { $asset } 数量
        [sell] 按卖出的 { $asset } 数量
       *[swap] 按换出的 { $asset } 数量
    }
trade-pick-again = 请选择上方的按钮，或发送 /cancel。
trade-usage-buy = 用法：<code>/buy 资产 金额</code>（花费的澳元），例如 <code>/buy BTC 100</code>；或只发送 /buy 按步骤操作。
trade-usage-sell = 用法：<code>/sell 资产 数量</code>（卖出的数量），例如 <code>/sell ETH 0.5</code>；或只发送 /sell 按步骤操作。
trade-usage-swap = 用法：<code>/swap 源资产 目标资产 数量</code>（源资产数量），例如 <code>/swap BTC ETH 0.01</code>；或只发送 /swap 按步骤操作。

## Swaps: checks
trade-bad-amount = “{ $input }”不是有效金额。请发送正数，例如 <code>100</code> 或 <code>0.05</code>。
trade-unknown-asset = 我不认识资产 { $asset }。
trade-same-asset = 不能用 { $asset } 兑换它自己。
trade-need-crypto = 这里请选择加密货币，而不是澳元。
trade-over-balance = 超出你的余额：需要 { $amount }，可用 { $balance }。
trade-too-precise = { $asset } 数量最多只能有 { $decimals } 位小数。请减少小数位后重试。
trade-below-minimum = 最小订单金额为 { $minimum }。请输入更大的金额。
trade-read-only = 你的 API 密钥是只读的，我无法用它交易。请用 /connect 连接读写密钥。

## Swaps: quote
quote-title-buy = <b>买入 { $asset }</b>
quote-title-sell = <b>卖出 { $asset }</b>
quote-title-swap = <b>兑换 { $src } → { $dst }</b>
quote-give = { $kind ->
        [buy] 你花费
        [sell] 你卖出
       *[swap] 你换出
    }：<b>{ $amount }</b>
quote-get = 你得到：<b>{ $amount }</b>
quote-price = 价格：{ $price }
quote-price-per = 每 { $asset } { $price }
quote-fee = 手续费：{ $amount }
quote-slippage = 滑点：{ $percent }
quote-holds = 此估价在 { $seconds } 秒内有效。兑换按下单时的市场价格成交，与此估价的差距在很小的容差内，因此最终数量可能略有不同；超出容差则不会交易，你会收到新的报价。
quote-expired-again = ⏱ 报价已过期，这是新的报价。请核对后再次确认。
quote-moved-again = 📈 下单前市场价格已变动，未进行任何交易。这是新的价格：如合适请再次确认。
quote-cancelled = 报价已取消，未进行任何交易。
button-confirm = 确认
button-change-amount = 修改金额

## Swaps: placing and results
swap-placing = 正在提交兑换…
swap-processing = ⏳ 兑换 #{ $id } 处理中…
swap-still-processing = ⏳ 兑换 #{ $id } 仍在处理中。完成后我会立即通知你。
swap-processed = ✅ <b>兑换 #{ $id } 已完成</b>
swap-gave = { $kind ->
        [buy] 花费
        [sell] 卖出
       *[swap] 换出
    }：{ $amount }
swap-got = { $kind ->
        [buy] 买入
       *[other] 收到
    }：{ $amount }
swap-fees = 手续费：{ $amount }
swap-error = ❌ <b>兑换 #{ $id } 在交易所失败</b>。你的余额未被扣除，可以重试。
swap-rejected = ⛔ <b>兑换 #{ $id } 被交易所拒绝</b>。你的余额未被扣除。
swap-not-followed = 兑换 #{ $id } 已提交，但我暂时无法跟踪它。请用 /swaps 查看结果。
swap-gave-up = 我已停止跟踪兑换 #{ $id }：它仍未完成。请稍后用 /swaps 查看。
swap-gave-up-unreadable = 我无法从交易所读取兑换 #{ $id } 的状态，因此已停止跟踪。请用 /swaps 查看结果。
swap-gave-up-disconnected = 你的 API 密钥已不再连接，因此我已停止跟踪兑换 #{ $id }。结果可在你的交易所账户中查看，或重新连接后用 /swaps 查看。
swap-outcome-unknown = ⚠️ 交易所的回复丢失了，这笔兑换可能已经完成。我正在你的兑换记录中查找；在我告诉你结果之前，请不要再次下单。
swap-found = ⏳ 兑换已提交：兑换 #{ $id } 处理中…
swap-not-found = 我没有找到这笔兑换：它没有出现在你的兑换记录中，很可能没有完成。再次尝试之前，请先用 /swaps 查看。
swap-search-failed = 我无法读取你的兑换记录，因此不知道这笔兑换是否已完成。再次尝试之前，请先用 /swaps 查看。
swap-unknown-not-followed = 交易所的回复丢失了，这笔兑换可能已经完成，而我暂时无法查找它。再次尝试之前，请先用 /swaps 查看。

## Swaps: list
swaps-title = <b>你的兑换</b>（第 { $page } / { $pages } 页；时间为 { $zone }）
swaps-none = 你还没有进行过兑换。
swaps-line = { $icon } #{ $id } · { $when } · { $trade }
swaps-line-undated = { $icon } #{ $id } · { $trade }
swaps-trade-done = { $kind ->
        [buy] 花费 { $sold } → 买入 { $bought }
        [sell] 卖出 { $sold } → 收到 { $bought }
       *[swap] 换出 { $sold } → 收到 { $bought }
    }
swaps-trade-open = { $kind ->
        [buy] 拟花费 { $sold } → 买入 { $bought }
        [sell] 拟卖出 { $sold } → 收到 { $bought }
       *[swap] 拟换出 { $sold } → 收到 { $bought }
    }
swaps-worth = 价值 { $value }
swaps-newer = ‹ 较新
swaps-older = 较早 ›

## alerts (delivery of fired triggers)
alerts-notify-above = 🔔 <b>{ $asset }</b> 已升至 { $level } 或以上
alerts-notify-below = 🔔 <b>{ $asset }</b> 已跌至 { $level } 或以下
alerts-notify-reached = 🔔 <b>{ $asset }</b> 已达到 { $level }
alerts-notify-price = 触发价格 { $price } · { $time }（{ $zone }）
alerts-notify-order-buy-spend = 订单：用 { $amount } 买入 { $asset }
alerts-notify-order-buy-get = 订单：买入 { $amount }
alerts-notify-order-sell-spend = 订单：卖出 { $amount }
alerts-notify-order-sell-get = 订单：卖出 { $asset } 换取 { $amount }
alerts-notify-trade = ✅ 已成交：{ $trade }
alerts-notify-failed = ❌ 未能下单：{ $reason }
alerts-notify-reason-balance = 余额不足（{ $detail }）
alerts-notify-reason-unknown = 交易所未说明原因
alerts-notify-button-open = 打开触发器
alerts-notify-button-pause = 暂停
alerts-notify-button-trade = 查看交易
alerts-notify-key-revoked = ⚠️ 交易所不再接受你的 API 密钥，我已停止监控你的价格触发器。请用 /connect 连接一个可用的密钥以重新接收提醒。
