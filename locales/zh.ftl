# 简体中文。消息为 Telegram HTML：变量已转义。

## Commands (menu descriptions)
cmd-start = 欢迎与连接说明
cmd-help = 全部命令
cmd-connect = 连接交易所 API 密钥
cmd-disconnect = 移除 API 密钥
cmd-balance = 余额与资产总值
cmd-price = 买入价与卖出价
cmd-settings = 语言、时区、提醒、每日摘要
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
    /portfolio — 资产配置图，附各资产收益
    /price [资产 …] — 买入价与卖出价，例如 <code>/price BTC ETH</code>（代码或名称均可：<code>/price 比特币</code>）；<code>/price all</code> 列出全部资产
    /chart [资产 [1h|24h|7d|30d]] — 价格走势图，标出你的提醒价位与平均买入价，例如 <code>/chart 比特币 7d</code>
    /buy [资产 金额] — 用澳元购买加密货币，例如 <code>/buy BTC 100</code>
    /sell [资产 数量] — 卖出加密货币换澳元
    /swap [源 目标 数量] — 加密货币互换
    /swaps — 最近的兑换
    /alerts — 你的价格提醒：暂停、编辑、删除、事件
    /alert [资产 above|below 价位 …] — 价格提醒，例如 <code>/alert BTC above 100000</code>；也可以自动买入或卖出（<code>/alert ETH above 7000 sell 0.5</code>）；或由机器人监控：<code>/alert 比特币 1小时 涨跌 5%</code>、<code>/alert SOL 24h change 8%</code>、<code>/alert btc 每 2%</code>、<code>/alert BTC rsi 30 70</code>；或监控你的账户：<code>/alert portfolio below 50000</code>、<code>/alert portfolio day 5%</code>、<code>/alert BTC return 20%</code>
    /dca — 定投（定期买入与卖出）：查看、设置、修改、暂停、删除
    /history [资产] — 全部交易记录，可筛选，可查看详情
    /statement — PDF 格式的账户对账单
    /withdraw [币种] — 把加密货币提到已确认的保存地址（需要双重验证码）
    /withdrawals — 最近的提币记录及其状态
    /addresses — 已保存的提币地址：添加、确认、删除
    /connect — 连接 API 密钥（消息会立即删除）
    /disconnect — 移除 API 密钥
    /settings — 语言、时区、提醒通知、每日摘要及其送达时间
    /cancel — 退出当前步骤，并作废屏幕上所有待确认的操作（发送其他命令也会作废它们）
    /help — 本列表

    也可以直接输入：<code>比特币</code>、<code>买100澳元的以太坊</code>、<code>卖掉一半的以太坊</code>、<code>以太坊涨到7000就卖掉</code>、<code>每周买50澳元的比特币</code>、<code>上个月的对账单</code>。

## Chat rules
private-only = 为了你的安全，我只在私聊中处理账户事务。请与我私聊并在那里发送命令。
group-key-deleted = ⚠️ 我已删除你的消息，但其他人可能已看到密钥：请在 Digital Surge 网页版（账户设置 → API 密钥）撤销它并创建新密钥。
group-key-exposed = ⚠️ 你的 API 密钥在群组中可见，且我无法删除：请删除该消息，然后在 Digital Surge 网页版（账户设置 → API 密钥）撤销该密钥。
not-allowed = 抱歉，这是一个私人机器人。
cancelled = 已取消，没有任何更改。
nothing-to-cancel = 当前没有可取消的操作。
cancelled-write-pending = 已取消，但{ $what ->
        [trade] 你确认的交易已发送到交易所，仍可能完成：结果会在这里显示，/swaps 中也会列出。
        [alert] 你确认的提醒更改已发送到交易所，仍可能生效：/alerts 会显示实际情况。
        [recurring] 你确认的定投更改已发送到交易所，仍可能生效：/dca 会显示实际情况。
        [address] 你确认的地址已发送到交易所，仍可能保存：/addresses 会显示实际情况。
        [withdrawal] 你确认的提币已发送到交易所，仍可能完成：结果会在这里显示，/withdrawals 中也会列出。
       *[disconnect] 你确认的断开连接已在进行中，仍可能完成：/start 会告诉你是否仍连接着密钥。
    }
cancelled-after-write = 已取消。{ $what ->
        [trade] 你刚才确认的交易已经发送：结果显示在上方，/swaps 中也会列出。
        [alert] 你刚才确认的提醒更改已经发送：/alerts 会显示。
        [recurring] 你刚才确认的定投更改已经发送：/dca 会显示。
        [address] 你刚才确认的地址已经发送：/addresses 会显示。
        [withdrawal] 你刚才确认的提币已经发送：结果显示在上方，/withdrawals 中也会列出。
       *[disconnect] 你刚才确认的断开连接已经完成。
    }
write-cancelled = 未发送：你的 /cancel 先到，所以什么都没有发送。
unknown-command = 我不认识这个命令。/help 会列出我能做的事。
flow-left = { $flow ->
        [trade] 你已离开正在设置的交易。要重新开始，请发送 /buy、/sell 或 /swap。
        [timezone] 你已离开时区设置。要重新设置：/settings → 时区。
        [alert] 你已离开新建提醒。要重新开始，请发送 /alert。
        [alert-edit] 你已离开提醒的修改。要重新开始，请在 /alerts 中打开该提醒。
        [market-edit] 你已离开提醒的修改。要重新开始，请在 /alerts 中打开该提醒。
        [dca-create] 你已离开新建定投。要重新开始：/dca → ➕ 新建。
        [dca-edit] 你已离开定投的修改。要重新开始，请在 /dca 中打开该定投。
        [statement] 你已离开对账单日期的选择。要重新开始：/statement → 自选日期…
        [withdraw] 你已离开提币。要重新开始，请发送 /withdraw。
        [address] 你已离开添加地址。要重新开始：/addresses → ➕ 添加地址。
       *[other] 你已离开当前步骤。要重新开始，请再次发送相应命令。
    }
unknown-text = 这里我只能读文字消息。/help 列出我能做的事。
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
refresh-too-soon = 刚刚已刷新：这就是最新的。
button-back = 返回

## Balance
balance-title = <b>你的资产</b>
balance-aud = 澳元现金：<b>{ $amount }</b>
balance-holding = { $asset }：{ $quantity } ≈ <b>{ $value }</b>
balance-holding-no-value = { $asset }：{ $quantity }
balance-stale = ⚠️ 价格过时
balance-none = 你还没有持有任何加密货币。
balance-total = 总价值：<b>{ $total }</b>
balance-day = 今日：{ $amount }（占整个账户 { $percent }，含澳元现金）
balance-crypto-day = 你的加密货币今日：{ $percent }（不含澳元现金）
balance-all-time = 你的加密货币累计：{ $amount }（相对成本 { $percent }）
balance-updated = <i>更新于 { $time }（{ $zone }）</i>

## Prices
price-title = <b>澳元价格</b>
price-line = <b>{ $asset }</b> { $name }：买入 { $buy } · 卖出 { $sell }
price-see-all = 发送 <code>/price all</code> 查看全部资产。

## Assets by name (every flow that takes an asset)
asset-unknown = 我不认识 { $asset }。
asset-unknown-suggest = 我不认识 { $asset }。你是不是想找 { $suggestions }？
asset-need-crypto = 这里请选择加密货币，而不是澳元。
asset-no-price = 交易所目前没有 { $asset } 的价格，这里不能选它。
# 资产的中文名称与别名（任何语言的用户都可以输入）：每行一种资产，代码、冒号，然后是以逗号分隔的名称。不向用户显示。
asset-aliases =
    BTC: 比特币, 比特, 大饼
    ETH: 以太坊, 以太币, 以太, 姨太
    SOL: 索拉纳, 索拉纳币
    XRP: 瑞波币, 瑞波
    ADA: 艾达币, 卡尔达诺
    DOGE: 狗狗币
    LTC: 莱特币
    USDT: 泰达币
    USDC: 美元币
    LINK: 链环币
    DOT: 波卡, 波卡币
    AVAX: 雪崩币
    BNB: 币安币
    TRX: 波场, 波场币
    AUD: 澳元, 澳币
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
settings-ask-timezone = 你在哪里？请选择城市，或直接输入城市、国家或缩写（<code>珀斯</code>、<code>新加坡</code>、<code>AEST</code>），也可以输入 <code>Europe/London</code> 这样的名称。发送 /cancel 保留 { $zone }。
settings-bad-timezone = 我不认识时区“{ $input }”。请输入城市、国家或类似 <code>Australia/Brisbane</code> 的名称，或选择一个：
settings-bad-timezone-near = 我不认识时区“{ $input }”。你是不是想找下面这些？
settings-timezone-which = “{ $input }”对应多个时区。是哪一个？
settings-timezone-kept = 时区未改变：{ $zone }。
settings-timezone-saved = 时区已设为 { $zone }：那里现在是 { $time }。
# 作为时区输入的地名（机器人已认识英文城市名和国家名）：“名称: IANA 时区”。
listen-zone-names = 悉尼: Australia/Sydney, 墨尔本: Australia/Melbourne, 布里斯班: Australia/Brisbane, 阿德莱德: Australia/Adelaide, 珀斯: Australia/Perth, 霍巴特: Australia/Hobart, 达尔文: Australia/Darwin, 堪培拉: Australia/Sydney, 黄金海岸: Australia/Brisbane, 上海: Asia/Shanghai, 北京: Asia/Shanghai, 北京时间: Asia/Shanghai, 广州: Asia/Shanghai, 深圳: Asia/Shanghai, 成都: Asia/Shanghai, 杭州: Asia/Shanghai, 香港: Asia/Hong_Kong, 澳门: Asia/Macau, 台北: Asia/Taipei, 新加坡: Asia/Singapore, 吉隆坡: Asia/Kuala_Lumpur, 东京: Asia/Tokyo, 首尔: Asia/Seoul, 曼谷: Asia/Bangkok, 迪拜: Asia/Dubai, 伦敦: Europe/London, 巴黎: Europe/Paris, 柏林: Europe/Berlin, 纽约: America/New_York, 洛杉矶: America/Los_Angeles, 旧金山: America/Los_Angeles, 温哥华: America/Vancouver, 多伦多: America/Toronto, 奥克兰: Pacific/Auckland, 惠灵顿: Pacific/Auckland
settings-language-saved = 语言已设为{ $language }。
settings-saved = 已保存。
language-name = 简体中文

## Exchange errors
error-fields = 交易所不接受该请求：
error-field-line = • { $field }：{ $message }
error-request-line = • { $message }
exchange-says = 交易所原文：“{ $words }”
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
error-server = 交易所出现问题（错误 { $status }）。请稍后重试；如果你刚才在更改什么，请先确认它是否已生效。
error-refused = 交易所拒绝了这个请求（错误 { $status }），但没有说明原因。
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
trade-fiat-in-swap = 兑换按 { $src } 或 { $dst } 计数，不按澳元：请输入 { $src } 的数量，或点按钮改按 { $dst } 计数。
trade-pick-again = 请从下面选一个，或发送 /cancel：
trade-not-held = { $kind ->
        [sell] 你没有可卖的 { $asset }。
       *[other] 你没有可兑换的 { $asset }。
    }
trade-usage-buy = 用法：<code>/buy 资产 金额</code>（花费的澳元），例如 <code>/buy BTC 100</code>；<code>/buy BTC 0.1 BTC</code> 买入该数量；<code>/buy BTC</code> 或只发送 /buy 按步骤操作。也可以直接输入 <code>买100澳元的比特币</code>。
trade-usage-sell = 用法：<code>/sell 资产 数量</code>（卖出的数量），例如 <code>/sell ETH 0.5</code>；<code>/sell ETH 500 AUD</code> 卖出换得 500 澳元；<code>/sell ETH</code> 或只发送 /sell 按步骤操作。也可以直接输入 <code>卖出0.5个以太坊</code>。
trade-usage-swap = 用法：<code>/swap 源资产 目标资产 数量</code>（源资产数量），例如 <code>/swap BTC ETH 0.01</code>；<code>/swap BTC ETH 0.5 ETH</code> 换得 0.5 ETH；<code>/swap BTC ETH</code> 或只发送 /swap 按步骤操作。也可以直接输入 <code>把0.01比特币换成以太坊</code>。

## Swaps: checks
trade-bad-amount = “{ $input }”不是有效金额。请发送正数，例如 <code>100</code> 或 <code>0.05</code>。
trade-unknown-asset = 我不认识资产 { $asset }。
trade-same-asset = 不能用 { $asset } 兑换它自己。
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

## dca
cmd-dca = 定投（定期买入与卖出）
dca-title = <b>你的定投计划</b>（第 { $page }/{ $pages } 页；时间为 { $zone }）
dca-none = 你还没有定投计划。点 <b>新建</b> 来设置：交易所会按计划替你定期买入或卖出。
dca-row-head = { $icon } <b>#{ $id } { $direction ->
        [buy] 买入
        [sell] 卖出
       *[other] 交易
    } { $asset }</b> · { $period }
dca-row-quantity = { $direction ->
        [buy] 每次花费 { $amount }
        [sell] 每次卖出 { $amount }
       *[other] 每次 { $amount }
    } · 下次执行：{ $next }
dca-next-paused = 已暂停
dca-next-none = 未安排
dca-next-due = 即将执行
dca-period-daily = 每天
dca-period-weekly = 每周
dca-period-fortnightly = 每两周
dca-period-monthly = 每月
dca-detail-title = <b>定投计划 #{ $id }</b>（{ $name }）
dca-line-trade = { $direction ->
        [buy] 用澳元买入 { $asset }
        [sell] 卖出 { $asset } 换澳元
       *[other] 交易 { $asset }（方向未知）
    }
dca-line-quantity = { $direction ->
        [buy] 每次花费的澳元：<b>{ $amount }</b>
        [sell] 每次卖出 <b>{ $amount }</b>
       *[other] 每次数量：<b>{ $amount }</b>
    }
dca-line-period = 频率：{ $period }
dca-line-next = 下次执行：{ $when }（{ $zone }）
dca-line-next-untimed = 下次执行：{ $when }
dca-line-status = 状态：{ $enabled ->
        [on] ▶️ 运行中
       *[off] ⏸ 已暂停
    }
dca-read-only-note = 你的 API 密钥是只读的：可以查看，但修改定投计划需要读写密钥（/connect）。
dca-read-only = 你的 API 密钥是只读的，因此我无法用它设置或修改定投计划（/dca 仍可查看）。请用 /connect 连接读写密钥。
dca-not-found = 该定投计划已不存在。/dca 列出你的计划。
dca-button-open = #{ $id } { $asset }
dca-button-new = ➕ 新建
dca-button-newer = ‹ 较新
dca-button-older = 较早 ›
dca-button-quantity = 修改金额
dca-button-period = 修改频率
dca-button-start = 修改下次执行时间
dca-button-pause = ⏸ 暂停
dca-button-resume = ▶️ 恢复
dca-button-delete = 🗑 删除
dca-button-delete-yes = 确定删除
dca-button-back = ‹ 全部定投计划
dca-button-buy = 用澳元买入 { $asset }
dca-button-sell = 卖出 { $asset } 换澳元
dca-button-now = 立即开始
dca-button-restart-now = 立即重新开始
dca-ask-asset = <b>新建定投计划</b>
    选择哪种资产？点按钮，或输入代码或名称。
dca-ask-direction = 每次执行时，用澳元买入 { $asset }，还是卖出 { $asset } 换澳元？
dca-ask-quantity = { $direction ->
        [buy] 每次花多少澳元买入 { $asset }？例如 <code>100</code>。
       *[other] 每次卖出多少 { $asset }？例如 <code>0.01</code>。
    }
dca-ask-period = 多久执行一次？
dca-ask-start = 第一次什么时候执行？点 <b>立即开始</b>，或按你的时区（{ $zone }）输入日期和时间，例如 <code>{ $example }</code> 或 <code>明天上午9点</code>。
dca-ask-new-period = 当前频率为{ $period }。请选择新的频率。
dca-ask-restart-paused = 修改频率会把下次执行重置为现在，除非你指定开始时间。计划仍保持暂停，在你恢复之前不会执行。点 <b>立即重新开始</b>，或按你的时区（{ $zone }）输入日期和时间，例如 <code>{ $example }</code>。
dca-ask-restart = 修改频率会重新开始计划：下次执行为<b>现在</b>（立即进行第一次{ $period }交易），除非你指定开始时间。点 <b>立即重新开始</b>，或按你的时区（{ $zone }）输入日期和时间，例如 <code>{ $example }</code>。
dca-ask-new-start = 下次什么时候执行？按你的时区（{ $zone }）输入日期和时间，例如 <code>{ $example }</code> 或 <code>下周一8点半</code>。之后按原频率继续。
dca-now = 当前：{ $value }
dca-pick-again = 请从下面选一个，或发送 /cancel：
dca-bad-start = 我无法把“{ $input }”识别为日期和时间。请按 <code>{ $example }</code>（年-月-日 时:分）或 <code>31/12/2026 09:30</code>（日/月/年）的格式输入，也可以用带时间的文字，例如 <code>明天上午9点</code>。
dca-no-such-time = { $input } 在 { $zone } 不存在：时钟会跳过这个时间。请输入其他时间。
dca-start-past = 这个时间已经过去了。请输入将来的时间。
dca-not-covered = 超出了你的余额：每次执行需要 { $amount }，你只有 { $balance }，执行时将无法成交。请输入更小的数量，或先充值再重新设置。
dca-start-passed = 你选择的开始时间（{ $when }）在等待确认期间已经过去，因此没有做任何更改。请从 /dca 重新开始并选择更晚的时间。
dca-summary-new = <b>新建定投计划</b>，请核对：
dca-first-run = 第一次执行：{ $when }（{ $zone }）
dca-first-run-now = 第一次执行：立即，之后{ $period }
dca-summary-hint = 点确认之前不会设置任何内容。
dca-summary-edit = <b>修改定投计划 #{ $id }</b>（{ $direction ->
        [buy] 买入
        [sell] 卖出
       *[other] 交易
    } { $asset }），请核对：
dca-change-quantity = { $direction ->
        [buy] 每次花费的澳元
        [sell] 每次卖出的数量
       *[other] 每次数量
    }：{ $old } → <b>{ $new }</b>
dca-change-period = 频率：{ $old } → <b>{ $new }</b>
dca-change-restart-now = 计划将<b>立即</b>重新开始：第一次{ $period }执行马上进行。
dca-change-restart-at = 计划将于 { $when }（{ $zone }）重新开始。
dca-change-restart-paused = 下次执行将重置为现在，但计划仍保持暂停：在你恢复之前不会执行，恢复时会立即交易。
dca-change-restart-at-paused = 下次执行设为 { $when }（{ $zone }），但计划仍保持暂停：在你恢复之前不会执行。
dca-change-start = 下次执行：{ $old } → <b>{ $new }</b>（{ $zone }）
dca-still-paused = 在你恢复之前它仍保持暂停。
dca-summary-edit-hint = 点确认之前不会做任何更改。
dca-sending = 正在发送到交易所…
dca-created = ✅ 定投计划 #{ $id } 已设置。
dca-updated = ✅ 定投计划 #{ $id } 已修改。
dca-restarted = ↻ 频率已修改，交易所已从现在起重新开始该计划（下次执行见下方）。
dca-restarted-paused = ↻ 频率已修改，交易所已把下次执行重置为现在。计划仍处于暂停状态：恢复时会立即交易。
dca-paused = ⏸ 定投计划 #{ $id } 已暂停：恢复前不会执行。
dca-resumed = ▶️ 定投计划 #{ $id } 已恢复。
dca-words-side-buy = 买入
dca-words-side-sell = 卖出
dca-words-any = 任意
dca-words-pause-this = <b>暂停这个定投？</b>请点下方的 ⏸ 暂停；在你点之前不会有任何改变。
dca-words-resume-this = <b>恢复这个定投？</b>请点下方的 ▶️ 恢复；在你点之前不会有任何改变。
dca-words-which = 有 { $count } 个定投符合（{ $what }）。是哪一个？打开它，然后在卡片上点暂停或恢复。
dca-words-none = 你的定投中没有符合（{ $what }）的，所以没有任何改变。
dca-words-already-paused = 符合（{ $what }）的定投已经是暂停状态，所以没有任何改变。
dca-words-already-resumed = 符合（{ $what }）的定投已经在运行，所以没有任何改变。
dca-resume-due-ask = <b>恢复定投计划 #{ $id }？</b>
    它的下次执行时间（{ $when }，{ $zone }）已过，所以恢复后会<b>立即交易</b>：现在{ $direction ->
        [buy] 花 { $amount } 买入 { $asset }
       *[other] 卖出 { $amount } 换澳元
    }，之后{ $period }执行。
dca-run-not-covered = ⚠️ 你的余额不足以支付一次执行：需要 { $amount }，你只有 { $balance }，执行时将无法成交。
dca-delete-ask = 删除定投计划 #{ $id }？
dca-delete-note = 删除后无法撤销；它已完成的交易仍保留在你的记录中。
dca-deleted = 🗑 定投计划 #{ $id } 已删除。
dca-run-traded = 🔁 <b>定投计划 #{ $id }</b> 已执行（{ $when }，{ $zone }）：
dca-run-bought = ✅ 用 { $aud } 买入了 { $amount }。
dca-run-sold = ✅ 卖出了 { $amount }，得到 { $aud }。
dca-run-fee = 手续费：{ $fee }。
dca-run-not-traded = ⚠️ <b>定投计划 #{ $id }</b> 本次执行（{ $when }，{ $zone }）没有成交：交易所没有记录任何交易。
dca-run-why-balance = 你的余额不足以支付一次执行：每次{ $direction ->
        [buy] 花 { $amount } 买入 { $asset }
       *[other] 卖出 { $amount }
    }，而你只有 { $balance }。请充值，或在 /dca 中修改数量。
dca-run-why-covered = 你现在的余额足以支付一次执行（有 { $balance }，需要 { $amount }）；交易所没有说明为什么没有成交。
dca-run-why-unknown = 交易所没有说明原因，我也无法读取你的余额来核实。
dca-run-next = 下次执行：{ $when }（{ $zone }），之后{ $period }执行。
dca-run-no-next = 该计划已暂停：在你恢复之前不会再执行（/dca）。
dca-nothing-changed = 没有做任何更改。
dca-write-unknown = ⚠️ 交易所的回复丢失了，因此{ $op ->
        [create] 该定投计划可能已经设置
        [delete] 该定投计划可能已经删除
       *[other] 这项更改可能已经生效
    }。再次尝试前请先用 /dca 查看。
## inline
inline-title = { $asset } · { $name }
inline-description = 买入 { $buy } · 卖出 { $sell }
inline-description-change = 买入 { $buy } · 卖出 { $sell } · 24 小时 { $change }
inline-card =
    <b>{ $asset }</b> { $name }
    买入：{ $buy }
    卖出：{ $sell }
    { $change }
    <i>参考价格，{ $time }（{ $zone }）</i>
inline-chart-button = 📈 24 小时走势图
inline-change = 24 小时：{ $change }
inline-change-unknown = 24 小时：暂无数据
inline-no-match = 没有匹配的资产。打开机器人
inline-unavailable = 暂时无法获取价格。打开机器人

## digest
settings-digest-off = 每日摘要：关闭（可用下方按钮选择送达的时间）
settings-digest-at = 每日摘要：{ $time }
settings-button-digest = 每日摘要
settings-digest-button-off = 关闭
settings-choose-digest = 每日摘要在几点送达（{ $zone }）？内容包括账户价值及其今日涨跌、涨跌最大的持仓、接近触发价的价格提醒以及当天到期的定投。它遵循你的提醒设置：静音时无提示音送达，关闭时不发送。
settings-digest-connect-first = 请先用 /connect 连接密钥：摘要内容来自你的账户。
digest-title = <b>📊 每日摘要</b> · { $date }
digest-value = 账户价值：<b>{ $value }</b>
digest-day = 今日：{ $amount }（占整个账户 { $percent }）
digest-day-amount = 今日：{ $amount }
digest-movers = <b>今日涨跌最大</b>
digest-near = <b>接近触发价的提醒</b>
digest-near-above = { $asset } 高于 { $level }（相差 { $distance }）
digest-near-below = { $asset } 低于 { $level }（相差 { $distance }）
digest-near-auto = { $asset } 于 { $level }（相差 { $distance }）
digest-due = <b>今日到期的定投</b>
digest-due-buy = { $time } 用 { $amount } 买入 { $asset }
digest-due-sell = { $time } 卖出 { $amount } { $asset }
digest-footer = <i>截至 { $time }（{ $zone }）。可在 /settings 中更改时间或关闭。</i>
## alerts
cmd-alert = 设置价格提醒（也可自动交易）
cmd-alerts = 你的价格提醒和机器人监控的提醒
alerts-usage = 用法：<code>/alert 资产 [above|below] 价位 [buy|sell [get] 数量] [email] [sms]</code>
    • <code>/alert BTC above 100000</code>：BTC 涨到 $100,000 时提醒
    • <code>/alert BTC below 90000 buy 500</code>：同时花 $500 买入 BTC
    • <code>/alert ETH above 5000 sell 0.5</code>：同时卖出 0.5 ETH
    • <code>/alert BTC below 90000 buy get 0.01</code>：买入 0.01 BTC（按收到的数量）
    不写 above 或 below 时，由交易所根据当前价格决定方向。
    也可以设置由机器人自己监控的提醒（只在这里发消息，不发邮件或短信，不交易）：
    • <code>/alert 比特币 1小时 涨跌 5%</code>（或上涨 / 下跌；15分钟、1小时、4小时或24小时）
    • <code>/alert SOL 24小时涨跌幅 8%</code> · <code>/alert btc 每 2%</code> · <code>/alert BTC rsi 30 70</code>
    也可以只发送 /alert，按步骤设置。
alerts-unknown-asset = 我不认识资产 { $asset }。<code>/price all</code> 列出全部资产。
alerts-level-not-number = “{ $input }”不是价位。请发送数字，例如 <code>100000</code> 或 <code>2.5</code>。
alerts-level-not-positive = 价位必须大于零（你发送的是“{ $input }”）。
alerts-level-too-precise = 价位最多 { $decimals } 位小数。请减少小数位后重试。
alerts-quantity-not-number = “{ $input }”不是数量。请发送数字，例如 <code>500</code> 或 <code>0.05</code>。
alerts-quantity-not-positive = 数量必须大于零（你发送的是“{ $input }”）。
alerts-quantity-too-precise = { $asset } 的数量最多 { $decimals } 位小数。请减少小数位后重试。
alerts-below-minimum = 按该价位计算，最小订单价值为 { $minimum }。请输入更大的数量。
alerts-over-balance = 超出了你的余额：需要 { $amount }，可用 { $balance }。
alerts-read-only = 你的 API 密钥是只读的，提醒无法用它交易。请选择“仅提醒”，或用 /connect 连接可读写的密钥。
alerts-action-alert = 仅提醒
alerts-action-trade = { $action ->
        [buy] { $side ->
            [spend] 买入：花费 { $amount }
           *[receive] 买入：得到 { $amount }
        }
       *[sell] { $side ->
            [spend] 卖出 { $amount }
           *[receive] 卖出：得到 { $amount }
        }
    }
alerts-level = { $match ->
        [above] ▲ 高于 { $level }
        [below] ▼ 低于 { $level }
       *[auto] ↕ 在 { $level }（方向由交易所决定）
    }
alerts-no-price = 当前：无价格
alerts-market = 当前 { $price }（{ $distance }）
alerts-distance-to = 距价位 { $distance }
alerts-distance-past = { $match ->
        [above] 已高于价位
       *[below] 已低于价位
    }
alerts-state-on = ✅ 生效中
alerts-state-fired = 🔔 已触发，已暂停
alerts-state-off = ⏸ 已暂停
alerts-notify = 邮件 { $email ->
        [on] ✓
       *[off] ✗
    } · 短信 { $sms ->
        [on] ✓
       *[off] ✗
    }
alerts-unseen = 🆕 { $count } 条未读
alerts-line = <b>#{ $id } { $asset }</b> { $level } · { $market }
alerts-title = <b>你的提醒</b>（{ $count } 个；第 { $page } 页，共 { $pages } 页）
alerts-none = 你还没有价格提醒。用 <code>/alert BTC above 100000</code> 创建一个，或发送 /alert 按步骤设置。
alerts-newer = ‹ 较新
alerts-older = 较早 ›
alerts-card-title = <b>提醒 #{ $id }：{ $asset }</b>{ $name }
alerts-card-level = 价位：{ $level }
alerts-card-action = 触发时：{ $action }
alerts-card-state = 状态：{ $state }
alerts-card-events = 事件：{ $count } 条（{ $unseen } 条未读）
alerts-card-last = 上次触发：{ $when }（{ $zone }）
alerts-button-pause = ⏸ 暂停
alerts-button-enable = ▶️ 启用
alerts-button-level = 修改价位
alerts-button-quantity = 修改数量
alerts-button-events = 事件（{ $count }）
alerts-button-seen = 标为已读
alerts-button-delete = 🗑 删除
alerts-button-list = 全部提醒
alerts-button-open = 打开提醒
alerts-button-trade = 交易 { $n }
alerts-button-delete-yes = 是的，删除
alerts-events-title = <b>提醒 #{ $id }（{ $asset }）的事件</b>：共 { $count } 条，显示最新 { $shown } 条；时间为 { $zone }
alerts-events-none = 尚未触发过。
alerts-event = { $when }：价格{ $match ->
        [above] 高于
        [below] 低于
       *[auto] 到达
    }价位时触发，价格 { $price }{ $seen ->
        [yes] {""}
       *[no] {" "}🆕
    }
alerts-event-gone = 提醒 #{ $id } 的这条事件已不存在：提醒可能已被删除。
alerts-trade-title = <b>提醒 #{ $id }（{ $asset }）的交易</b>，时间为 { $zone }
alerts-trade-transaction = 交易记录 #{ $id }，{ $when }：花费 { $spent } → 得到 { $got }（{ $status }）
alerts-trade-not-found = 我在你最近的记录中没有找到对应的交易；/balance 可查看当前余额。
alerts-summary-title = <b>新提醒：{ $asset }</b>
alerts-summary-market = 当前：买入 { $buy } · 卖出 { $sell } · { $reference }（{ $distance }）
alerts-reference = { $kind ->
        [last] 最新价 { $price }
       *[mid] 中间价 { $price }
    }
alerts-summary-auto = 交易所将监视价格{ $match ->
        [above] 高于
       *[below] 低于
    }该价位。
alerts-summary-estimate = 按该价位计算，约从你的余额中扣除 { $amount }。
alerts-summary-duplicate = ⚠️ 你已经有这个提醒（#{ $id }）：再建一个会同时触发，发来两条相同的消息。
alerts-summary-fires-now = ⚠️ 价格已经越过这个价位：提醒一创建就会触发。
alerts-summary-market-order = 交易为市价单，在提醒触发时按当时价格下单；届时会再次检查你的余额。
alerts-saving = 正在保存…
alerts-created = ✅ 提醒 #{ $id } 已创建。
alerts-changed = ✅ 提醒 #{ $id } 已修改。
alerts-deleted = 🗑 提醒 #{ $id } 已删除。
alerts-create-unknown = ⚠️ 交易所的回复丢失了，所以提醒可能已经创建。再次创建前请先查看 /alerts。
alerts-change-unknown = ⚠️ 交易所的回复丢失了，所以修改可能已经生效。重试前请先查看 /alerts。
alerts-delete-unknown = ⚠️ 交易所的回复丢失了，所以提醒可能已经删除。重试前请先查看 /alerts。
alerts-confirm-cancelled = 已取消：没有保存任何内容。
alerts-confirm-delete = 删除提醒 #{ $id }？它的事件也会一并删除。
alerts-confirm-level = 把提醒 #{ $id }（{ $asset }）的价位从 { $from } 改为 <b>{ $to }</b>？
alerts-confirm-quantity = 把提醒 #{ $id }（{ $asset }）的操作从 { $from } 改为 <b>{ $to }</b>？
alerts-no-quantity = 提醒 #{ $id } 只提醒，没有数量。如需交易，请新建一个带买入或卖出的提醒。
alerts-ask-asset = 提醒要监视哪个资产？选择一个，或输入代码或名称。
alerts-ask-level = { $asset } 当前：买入 { $buy } · 卖出 { $sell }。{ $hasCurrent ->
        [yes] 当前价位为 { $current }。
       *[no] {""}
    }
    选择或输入一个价位：
alerts-level-button-price = { $side ->
        [buy] 买入价 { $price }
       *[sell] 卖出价 { $price }
    }
alerts-ask-match = 价格高于还是低于 { $level } 时提醒？当前为 { $market }；“自动”由交易所根据当前价格决定。
alerts-match-button = { $match ->
        [above] ▲ 高于
        [below] ▼ 低于
       *[auto] 自动
    }
alerts-ask-action = 触发时要做什么？
alerts-action-button = { $action ->
        [buy] 买入 { $asset }
        [sell] 卖出 { $asset }
       *[alert] 仅提醒
    }
alerts-ask-quantity = { $action ->
        [buy] { $side ->
            [spend] 要花费多少澳元？你有 { $balance }。请输入澳元金额。
           *[receive] 要买入多少 { $asset }？你有 { $balance }。请输入 { $asset } 数量。
        }
       *[sell] { $side ->
            [spend] 要卖出多少 { $asset }？你有 { $balance }。请输入 { $asset } 数量。
           *[receive] 要得到多少澳元？你有 { $balance }。请输入澳元金额。
        }
    }
alerts-button-side = { $side ->
        [spend] { $action ->
            [buy] 按花费的 { $asset } 填写
           *[sell] 按卖出的 { $asset } 填写
        }
       *[receive] { $action ->
            [buy] 按买入的 { $asset } 填写
           *[sell] 按得到的 { $asset } 填写
        }
    }
alerts-ask-notify = 触发时交易所是否还要发送邮件或短信？（这里的提醒按 /settings 设置发送。）
alerts-button-email = 邮件：{ $on ->
        [on] 开
       *[off] 关
    }
alerts-button-sms = 短信：{ $on ->
        [on] 开
       *[off] 关
    }
alerts-button-continue = 继续
alerts-pick-again = 请从下面选一个，或发送 /cancel：
alerts-settings-mark-seen = 送达后在交易所将提醒标为已读：{ $on ->
        [on] 开
       *[off] 关
    }
alerts-settings-button-mark-seen = 送达后标为已读
settings-alert-chart = 提醒消息附带走势图：{ $on ->
        [on] 开
       *[off] 关
    }
settings-button-alert-chart = 提醒附图
## portfolio
cmd-portfolio = 资产配置图与各资产收益
pf-title = <b>投资组合</b>：<b>{ $total }</b>
pf-overall = 今日：{ $day }（占整个账户 { $dayPercent }；你的加密货币 { $cryptoPercent }）
pf-all-time = 你的加密货币累计：{ $all }（相对成本 { $allPercent }）
# The label under the value in the /portfolio picture, drawn only when the picture's font has its letters (Latin).
pf-picture-all-time = 加密货币累计：
pf-cash = 澳元现金：{ $amount }
pf-asset = <b>{ $asset }</b> { $quantity } ≈ { $value }（{ $share }）
pf-asset-no-value = <b>{ $asset }</b> { $quantity }（交易所未给出价格）
pf-asset-returns = 平均买入价 { $avg } · 今日 { $day }（{ $dayPercent }）· 累计 { $all }（{ $allPercent }）
pf-stale = ⚠️ 价格已过时
pf-more = …另有 { $count } 项持仓，价值 { $value }（/balance 列出全部）。
pf-legend = 图片：账户价值及其下方你的加密货币累计收益、资产配置，以及每项持仓的累计收益；“+N”表示合并显示的 N 项小额持仓。
pf-updated = <i>更新于 { $time }（{ $zone }）</i>
pf-empty = 你还没有持有加密货币，因此没有可绘制的图表。澳元现金：<b>{ $amount }</b>。可用 /buy 买入。
## history
cmd-history = 交易记录
cmd-statement = 账户对账单（PDF）
hist-type-buy = 买入
hist-type-sell = 卖出
hist-type-swap = 兑换
hist-type-deposit = 充值
hist-type-withdrawal = 提币
hist-type-commission = 佣金
hist-type-airdrop = 空投
hist-type-stake = 质押
hist-type-unstake = 解除质押
hist-type-reward = 奖励
hist-status-completed = 已完成
hist-status-processed = 已处理
hist-status-pending = 待处理
hist-status-processing = 处理中
hist-status-failed = 失败
hist-status-error = 出错
hist-status-rejected = 已拒绝
hist-status-cancelled = 已取消
hist-status-canceled = 已取消
hist-status-expired = 已过期
hist-subtype-instant = 即时交易
hist-subtype-recurring-buy = 定投（/dca）
hist-subtype-price-trigger = 价格提醒下单（/alerts）
hist-subtype-bank-transfer = 银行转账
hist-subtype-crypto-transfer = 加密货币转账
hist-subtype-crypto-withdrawal = 加密货币提币
hist-other = 其他（交易所原文：“{ $raw }”）
hist-period-24h = 最近 24 小时
hist-period-week = 最近一周
hist-period-month = 最近一个月
hist-period-year = 最近一年
hist-title = <b>📜 交易记录</b> · 第 { $page } 页
hist-filters = 筛选：{ $filters }
hist-filters-none = 全部交易
hist-zone = 时间按 { $zone } 显示
hist-row = { $n }. { $type } · { $when } · { $status }
hist-row-value = 价值 { $value }
hist-row-fee = 手续费 { $fee }
hist-empty = 你还没有任何交易。
hist-empty-filtered = 没有符合这些筛选条件的交易。请修改或在下方清除筛选。
hist-empty-page = 没有更早的交易了。
hist-button-newer = ‹ 较新
hist-button-older = 较早 ›
hist-button-asset = 资产：{ $asset }
hist-button-types = 类型
hist-button-period = 时间段
hist-button-clear = ✖ 清除筛选
hist-button-back = ‹ 返回
hist-button-done = 完成
hist-all = 全部
hist-all-assets = 全部资产
hist-all-types = 全部类型
hist-all-time = 全部时间
hist-pick-asset = 显示哪种资产的交易？
hist-pick-types = 点选要显示的类型（可多选），然后点“完成”。已选：{ $chosen }
hist-pick-period = 显示哪个时间段的交易？
hist-detail-title = <b>{ $type } #{ $id }</b>
hist-detail-withdrawal = 在 /withdrawals 中这是提币 #{ $id }；#{ $tx } 是它在交易记录中的编号。
hist-detail-when = 时间：{ $when }（{ $zone }）
hist-detail-status = 状态：{ $status }
hist-detail-subtype = 类别：{ $subtype }
hist-detail-sent = 付出：{ $amount }
hist-detail-received = 收到：{ $amount }
hist-detail-rate = 汇率：{ $rate }
hist-detail-fee = 手续费：{ $fee }
hist-detail-aud-fee = 手续费（澳元）：{ $fee }
hist-detail-value = 澳元价值：{ $value }
hist-invoice-no-pdf = 🧾 交易所为兑换、买入、卖出和提币提供发票，但其 API 不提供发票 PDF，因此我无法发送。/statement 可发送任意时间段的 PDF 对账单。
hist-invoice-unsupported = 🧾 交易所只为兑换、买入、卖出和提币提供发票；/statement 可发送任意时间段的 PDF 对账单。
hist-bad-button = 该按钮与此列表不符，未做任何更改。
hist-expired = 此列表已过期，请重新发送 /history。
stmt-choose = <b>账户对账单</b>
    选择哪个时间段？日期按 { $zone } 计算。
stmt-preset-month = 本月
stmt-preset-prevmonth = 上月
stmt-preset-twelvemonths = 最近 12 个月
stmt-preset-fy = 本财年
stmt-preset-prevfy = 上一财年
stmt-button-custom = 自选日期…
stmt-ask-dates = 请输入起止日期，例如 <code>2025-07-01 至 2026-06-30</code> 或 <code>2025年7月1日 至 2026年6月30日</code>；只输入一个日期表示单日。日期按 { $zone } 计算，最长十二个月。
stmt-bad-dates = 无法把“{ $input }”识别为日期。请按 <code>2025-07-01 至 2026-06-30</code> 的格式输入，或用文字，例如 <code>上个月</code> 或 <code>7月1日到今天</code>。
stmt-bad-date = “{ $input }”不是日历上存在的日期。请重新输入日期。
stmt-range-inverted = 开始日期晚于结束日期。请重新输入，先写开始日期。
stmt-range-future = 该时间段在今天之后才开始。请输入其他日期。
stmt-range-too-long = 交易所的对账单最长十二个月，这个范围太长了。请分段申请，例如：
    { $parts }
stmt-preparing = 正在准备 { $from } – { $to } 的对账单…
stmt-caption = { $account ->
        [none] {""}
       *[other] 账户 #{ $account }{" "}
    }{ $from } – { $to } 的对账单（{ $zone }）
stmt-not-pdf = 交易所返回的不是 PDF。未做任何更改，请稍后再试。
## withdrawals
cmd-withdraw = 提币到已保存的地址
cmd-withdrawals = 最近的提币记录
wd-read-only = 你的 API 密钥是只读的，无法用它提币。提币需要读写密钥（以及你的双重验证码）：用 /connect 连接一个。/withdrawals 仍可查看历史记录。
wd-nothing-to-withdraw = 你没有可提取的加密货币。
wd-pick-asset = 你想提取哪种加密货币？
wd-pick-again = 请从下面选一个，或发送 /cancel：
wd-not-held = 你没有可提币的 { $asset }。
wd-no-addresses = 你没有已保存的 { $asset } 地址。用 /addresses 添加一个（需要先通过邮件确认才能使用）。
wd-pick-destination = { $asset } 要提到哪里？只能使用地址簿中已确认的地址。
wd-unconfirmed-title = 暂不可用（等待邮件确认）：
wd-entry-line = • <b>{ $label }</b>：<code>{ $address }</code>
wd-entry-memo = 备注 / 标签 { $memo }
wd-button-unconfirmed = ⏳ { $label }
wd-button-resend = ✉️ 重新发送确认邮件：{ $label }
wd-unconfirmed-refused = “{ $label }”正在等待邮件确认，暂时不能使用：没有发送任何内容。请点击邮件中的链接（30 分钟内有效），或按它的“重新发送确认邮件”按钮。
wd-destination-gone = 该地址已不在你的地址簿中。
wd-destination-unknown = 我不知道名为“{ $words }”的已保存 { $asset } 地址。
wd-destination-several = 有不止一个已保存的 { $asset } 地址符合“{ $words }”。
wd-ask-amount = 你想提取多少 { $asset } 到 <b>{ $label }</b>？你有 { $balance }。输入数量或选择比例。
wd-bad-amount = “{ $input }”不是有效数量。请输入数字，例如 <code>0.05</code>，或发送 /cancel。
wd-amount-not-positive = 数量必须大于零。
wd-amount-too-precise = { $asset } 最多支持 { $decimals } 位小数。请重新输入数量。
wd-amount-over-balance = 你要提取 { $amount }，但你只有 { $balance }。请输入较小的数量。
wd-summary =
    <b>提取 { $asset }</b>
    数量：{ $amount }
    目标：<b>{ $label }</b>
    地址：<code>{ $address }</code>
wd-summary-memo = 备注 / 标签：<code>{ $memo }</code>
wd-summary-first-time = ✉️ 此地址从未用于提币：授权后交易所会向你发送一封带链接的邮件，只有点击该链接后提币才会放行（30 分钟内有效，否则提币过期，金额退回）。
wd-summary-check = 请仔细核对地址：提币无法撤销。确认后我会向你索取双重验证码。
wd-creating = 正在创建提币…
wd-cancelled = 已取消。没有进行任何提币。
wd-ask-code =
    📝 提币 #{ $id } 已创建为<b>草稿</b>：在你授权之前，资金不会离开你的账户。
    请把身份验证器应用中的 6 位验证码（双重验证）作为下一条消息发送。我会立即删除它，不保留任何内容。/cancel 可停止。
wd-code-deleted-failed = ⚠️ 我无法删除包含验证码的消息：请自行删除。
wd-code-shape = 这不是 6 位验证码。请发送身份验证器应用中的验证码，或发送 /cancel。
wd-code-wrong = ❌ 交易所不接受该验证码。还可以再试 { $left } 次：请发送当前的验证码，或发送 /cancel。
wd-code-gave-up = ❌ 验证码被拒绝 { $attempts } 次，我已停止。提币 #{ $id } 未获授权：它在交易所仍是草稿，没有扣款；除非你授权，否则不会发送任何内容：可在 /withdrawals 中打开它输入验证码，或用 /withdraw 重新开始。
wd-code-expired = 发送双重验证码的时间已过，提币 #{ $id } 未获授权：它仍是草稿，没有扣款；除非你授权，否则不会发送任何内容：可在 /withdrawals 中打开它输入验证码，或用 /withdraw 重新开始。（我已删除你的消息。）
wd-code-cancelled = 已取消。提币 #{ $id } 未获授权：它在交易所仍是草稿，没有扣款；除非你之后（在 /withdrawals 中）授权，否则不会发送任何内容。
wd-code-cancelled-sending = 已取消。提币 #{ $id } 的验证码已发往交易所，因此它仍可能获得授权：结果会在这里告诉你。
wd-code-again = 这看起来又是一个双重验证码，我已删除。提币 #{ $id } 不再等待验证码：/withdrawals 会显示它的状态。
wd-code-abandoned = 我已停止等待双重验证码：提币 #{ $id } 未获授权，仍是草稿；没有扣款；除非你之后（在 /withdrawals 中）授权，否则不会发送任何内容。
wd-code-refused = 提币 #{ $id } 未获授权（交易所中仍是草稿），因此没有发送任何内容：
wd-code-refused-unread = 交易所拒绝了提币 #{ $id } 的验证码，而我刚才无法读取这笔提币，所以无法确定它现在的状态：请用 /withdrawals 查看。
wd-code-not-draft = 交易所没有接受这个验证码：提币 #{ $id } 已不再等待验证码（例如，它已在网页版中获得授权）。它现在的状态：
wd-following = 状态变化时我会在这里告诉你。
wd-authorized = ✅ 验证码已接受：提币 #{ $id } 已授权。状态变化时我会在这里告诉你。
wd-authorize-unknown = ⚠️ 交易所的回复丢失了，提币 #{ $id } 可能已授权，也可能没有。我正在查询它的状态，稍后在这里告诉你；在此期间请不要重新发起。
wd-not-followed = 提币 #{ $id } 已授权，但我现在无法跟踪它。/withdrawals 可查看它的状态。
wd-create-unknown = ⚠️ 交易所的回复丢失了，这笔提币可能已经创建。我正在查找；在我告诉你之前请不要重新发起。
wd-create-unknown-not-followed = ⚠️ 交易所的回复丢失了，这笔提币可能已经创建，而我现在无法查找它。重试之前请先查看 /withdrawals。
wd-found = 找到了：提币 #{ $id } 已创建为草稿。
wd-not-found = 在你最新的提币中找不到这笔提币，很可能没有创建。重试之前请先查看 /withdrawals。
wd-search-failed = 我无法读取你的提币记录，因此不知道这笔提币是否已创建。重试之前请先查看 /withdrawals。
wd-status-news = { $icon } 提币 #{ $id }（{ $amount }）：<b>{ $status }</b>
wd-news-pending-first-time = ✉️ 这是新地址：交易所已向你发送一封带链接的邮件。请在 30 分钟内点击链接以放行提币，否则提币过期，金额退回你的余额。目前尚未发送任何内容。
wd-news-pending = 正在等待交易所发送。目前尚未发送任何内容。
wd-news-processing = 交易所正在发送。
wd-news-processed = 已发送。交易编号：<code>{ $txid }</code>
wd-news-processed-no-txid = 已发送。交易所尚未提供交易编号。
wd-news-refunded = 没有发送任何内容；金额已退回你的余额。
wd-not-authorized = 提币 #{ $id } 未获授权（交易所中仍是草稿）：没有扣款；除非你授权，否则不会发送任何内容：可在 /withdrawals 中打开它输入验证码，或用 /withdraw 重新开始。
wd-gave-up = 我已停止跟踪提币 #{ $id }：它仍未完成。/withdrawals 可查看它的状态。
wd-gave-up-unreadable = 我无法从交易所读取提币 #{ $id } 的状态，因此停止跟踪。/withdrawals 可查看它的状态。
wd-gave-up-disconnected = 你的 API 密钥已不再连接，因此我停止跟踪提币 #{ $id }。它的状态可在交易所账户中查看，重新连接后也可在 /withdrawals 中查看。
wd-status = { $status ->
        [5] 草稿（未授权）
        [10] 等待中
        [15] 处理中
        [20] 失败
        [30] 已取消
        [40] 被交易所拒绝
        [50] 已过期
        [60] 已发送
       *[other] 状态 { $status }
    }
wd-list-title = <b>你的提币记录</b>（第 { $page } / { $pages } 页；时间为 { $zone }）
wd-list-none = 你还没有任何提币记录。
wd-list-line = { $icon } #{ $id } · { $when } · { $amount } → { $label } · { $status }
wd-list-newer = ‹ 较新
wd-list-older = 较早 ›
wd-detail =
    { $icon } <b>提币 #{ $id }</b>：{ $status }
    数量：{ $amount }
    目标：<b>{ $label }</b>
    地址：<code>{ $address }</code>
wd-detail-memo = 备注 / 标签：<code>{ $memo }</code>
wd-detail-txid = 链上交易哈希（txid）：<code>{ $txid }</code>
wd-detail-fee = 手续费：{ $fee }
wd-detail-transaction = 在 /history 中：交易 #{ $tx }（此处为提币 #{ $id }；两个列表的编号各自独立）。
wd-detail-created = 创建时间：{ $when }
wd-detail-changed = 最近变化：{ $when }
wd-detail-zone = 时间为 { $zone }。
wd-button-back = ‹ 返回列表
wd-draft-note = 📝 草稿不会转出任何资金：在你用双重验证码授权之前，不会扣款，也不会发送任何内容。
wd-button-enter-code = 🔑 输入双重验证码
wd-draft-gone = 提币 #{ $id } 已不再是草稿（例如，它已在网页版中获得授权），因此不需要验证码。它现在的状态：
wd-no-label = （无标签）
## addresses
cmd-addresses = 已保存的提币地址
addr-title = <b>你的地址簿</b>（第 { $page } 页，共 { $pages } 页）
addr-none = 你的地址簿是空的。提币只能发往已保存并已通过邮件确认的地址：点击下面的按钮添加一个。
addr-group = <b>{ $asset }</b> · { $name }
addr-line = { $n }. <b>{ $label }</b> · <code>{ $address }</code>
addr-line-memo = { $n }. <b>{ $label }</b> · <code>{ $address }</code> · { $kind ->
        [tag] 标签
       *[other] 备注
    } <code>{ $memo }</code>
addr-line-state = { $state } · { $usage }
addr-state-confirmed = ✅ 已确认
addr-state-unconfirmed = ✉️ 等待邮件确认
addr-usage-never = 从未使用
addr-usage = 已使用 { $count } 次，最近一次 { $when }
addr-usage-undated = 已使用 { $count } 次
addr-times-zone = <i>时间以 { $zone } 显示。</i>
addr-updated = <i>更新于 { $time }（{ $zone }）</i>
addr-button-add = ➕ 添加地址
addr-button-details = 🔎 { $n }. { $label }
addr-button-resend = ✉️ 重发确认邮件
addr-button-resend-short = ✉️ 重发
addr-button-delete = 🗑 删除
addr-button-previous = ‹ 上一页
addr-button-next = 下一页 ›
addr-button-list = ‹ 地址簿
addr-button-skip = 跳过
addr-button-save = 保存
addr-button-delete-confirm = 是的，删除
addr-button-keep = 保留
addr-details-title = <b>{ $label }</b> · { $asset }（{ $name }）
addr-details-address = 地址：<code>{ $address }</code>
addr-details-unconfirmed = ✉️ 等待你通过邮件确认。确认之前不能用于提币。
addr-details-confirmed = ✅ 已于 { $when } 确认：可以用于提币。
addr-details-confirmed-undated = ✅ 已确认：可以用于提币。
addr-details-deleted = 🗑 已删除：不能再用于提币。历史记录会保留。
addr-details-created = 添加于 { $when }
addr-details-usage = 提币：{ $usage }
addr-read-only = 你的 API 密钥是只读的，因此我无法用它修改你的地址簿。你仍可以用 /addresses 查看；要添加、删除或重发确认邮件，请用 /connect 连接一个可读写的密钥。
addr-ask-asset = <b>新的提币地址</b>
    这个地址用于哪种资产？请选择，或输入资产代码或名称。
addr-ask-address = 请发送 { $asset } 地址（格式类似 { $shape }）。请复制粘贴，不要手动输入。
addr-ask-address-any = 请发送 { $asset } 地址。请复制粘贴，不要手动输入。
addr-ask-memo-tag = 请发送这个 { $asset } 地址的目标标签（一个数字）。交易所通常需要标签；如果这个地址没有，请发送 /skip。
addr-ask-memo = 请发送这个 { $asset } 地址的备注（memo）。交易所通常需要备注；如果这个地址没有，请发送 /skip。
addr-ask-memo-unknown = 这个 { $asset } 地址需要备注或标签吗？需要就请发送，没有请发送 /skip。
addr-ask-label = 给这个地址起个名字，方便提币时辨认（最多 200 个字符），例如 <i>我的 Ledger</i>。
addr-ask-destination-type = 根据旅行规则，需要记录提币去向的一些信息。这个地址是个人钱包，还是交易所账户？
addr-ask-wallet-provider = 是哪种钱包？请选择，或选“其他”。
addr-ask-wallet-provider-other-name = 请输入钱包的名称。
addr-ask-exchange = 账户在哪家交易所？请选择，或选“其他”。
addr-ask-exchange-other-name = 请输入交易所的名称。
addr-ask-ownership = 这个地址属于谁？
addr-ask-beneficiary-type = 所有者是个人还是企业？
addr-ask-beneficiary-full-name = 请输入所有者的全名。
addr-ask-beneficiary-country = 所有者居住在哪个国家或地区？请选择，或输入名称或两位字母代码（例如 <code>FR</code>）。
addr-ask-beneficiary-region = 所有者所在的州、省或地区，或发送 /skip 跳过。
addr-ask-beneficiary-organisation-name = 请输入企业的注册名称。
addr-ask-beneficiary-organisation-country = 企业在哪个国家或地区注册？请选择，或输入名称或两位字母代码。
addr-ask-beneficiary-organisation-region = 企业所在的州、省或地区，或发送 /skip 跳过。
addr-current = 你之前的回答：<b>{ $answer }</b>
addr-answer = → <b>{ $answer }</b>
addr-skipped = → <i>已跳过</i>
addr-choice-personal-wallet = 个人钱包
addr-choice-exchange-account = 交易所账户
addr-choice-self = 我自己的
addr-choice-other-owner = 别人的
addr-choice-individual = 个人
addr-choice-organisation = 企业或机构
addr-choice-other = 其他…
addr-bad-asset = 我不认识资产“{ $asset }”。
addr-bad-address-shape = 这看起来不像 { $asset } 地址（应为 { $shape }）。请检查后重新发送。
addr-bad-address-checksum = 这看起来像 { $asset } 地址（{ $prefix }…），但校验和不匹配：有字符输错或漏掉了。请从来源重新复制地址后再发送。
addr-bad-address-too-long = 地址太长：最多 { $max } 个字符。
addr-bad-address-charset = 地址只包含字母、数字和少数符号，不含空格。请检查后重新发送。
addr-bad-tag = 目标标签是 0 到 4294967295 之间的整数。请重新发送，如果地址没有标签请发送 /skip。
addr-bad-memo-charset = 备注只能是一行文字。请重新发送，或发送 /skip。
addr-bad-blank = 这一项不能为空。
addr-bad-too-long = 太长了：最多 { $max } 个字符。
addr-bad-name-short = 这作为名称太短了：请输入完整名称（至少 { $min } 个字），与证件或注册信息一致。
addr-bad-pick = 请从下面选一个，或发送 /cancel：
addr-bad-country = 我不认识“{ $input }”这个国家或地区。请输入两位 ISO 代码，例如 <code>AU</code> 或 <code>GB</code>，或输入国家名称。
addr-not-skippable = 这一项是必填的，不能跳过。
addr-no-back = 这是第一个问题，没有上一个可以返回。
addr-cancelled = 已取消。没有保存任何内容。
addr-summary-title = <b>保存这个提币地址吗？</b>
addr-summary-asset = 资产：{ $asset }（{ $name }）
addr-summary-address = 地址：<code>{ $address }</code>
addr-summary-memo = { $kind ->
        [tag] 目标标签
       *[other] 备注
    }：<code>{ $memo }</code>
addr-summary-label = 名称：<b>{ $label }</b>
addr-summary-travel = <b>旅行规则信息</b>
addr-summary-destination = 去向：{ $answer }
addr-summary-provider = 钱包：{ $answer }
addr-summary-provider-name = 钱包名称：{ $answer }
addr-summary-exchange = 交易所：{ $answer }
addr-summary-exchange-name = 交易所名称：{ $answer }
addr-summary-ownership = 所有者：{ $answer }
addr-summary-beneficiary-type = 所有者类型：{ $answer }
addr-summary-name = 名称：{ $answer }
addr-summary-country = 国家或地区：{ $answer }
addr-summary-region = 地区：{ $answer }
addr-summary-note = 请逐个字符核对地址：发往错误地址的提币无法撤回。保存后，交易所会给你发送一封带确认链接的邮件，链接 30 分钟内有效。
addr-saving = 正在保存地址…
addr-created = ✅ <b>已保存“{ $label }”</b>（{ $asset }）。
    📧 交易所已给你发送确认链接：请在 30 分钟内打开。确认之前，这个地址不能用于提币。没收到邮件或链接已过期？请点“重发确认邮件”。“刷新”可查看当前状态。
addr-create-unknown = ⚠️ 交易所的回复丢失了，因此这个地址可能已经保存。再次添加之前，请先查看地址簿（以及邮箱：如果已保存，会有一封确认邮件）。
addr-resent = 📧 “{ $label }”的新确认邮件已发出。请在 30 分钟内打开其中的链接。
addr-resend-confirmed = “{ $label }”已经确认，无需重发：它可以用于提币。
addr-resend-deleted = “{ $label }”已被删除，无法再确认。如有需要，请用 /addresses 重新添加。
addr-resend-unknown = ⚠️ 交易所的回复丢失了，因此确认邮件可能已经发出。再次请求之前，请先检查收件箱（以及垃圾邮件）。
addr-resend-wait = ✉️ 这个地址的确认邮件不到一分钟前刚发出。请先查看收件箱（以及垃圾邮件）；一分钟后可以再次请求。
addr-delete-ask = 删除“{ $label }”（{ $asset }，<code>{ $address }</code>）吗？
    删除后将不能再用于提币。交易所会保留其历史记录：过去发往该地址的提币仍在你的记录中。
addr-deleting = 正在删除“{ $label }”…
addr-deleted = 🗑 “{ $label }”已删除。它不能再用于提币；历史记录会保留。
addr-delete-already = “{ $label }”已经删除。
addr-delete-kept = 已保留“{ $label }”。没有任何更改。
addr-delete-unknown = ⚠️ 交易所的回复丢失了，因此“{ $label }”可能已被删除。点“刷新”查看其状态。
addr-create-refused = 没有保存任何内容。点“返回”可以修改你的回答。
## alerts (delivery of fired triggers)
alerts-notify-above = 🔔 <b>{ $asset }</b> 已升至 { $level } 或以上
alerts-notify-below = 🔔 <b>{ $asset }</b> 已跌至 { $level } 或以下
alerts-notify-reached = 🔔 <b>{ $asset }</b> 已达到 { $level }
alerts-notify-price = 触发价格 { $price } · { $time }（{ $zone }）
alerts-notify-order-buy-spend = 订单：用 { $amount } 买入 { $asset }
alerts-notify-order-buy-get = 订单：买入 { $amount }
alerts-notify-order-sell-spend = 订单：卖出 { $amount }
alerts-notify-order-sell-get = 订单：卖出 { $asset } 换取 { $amount }
alerts-notify-trade = ✅ 已成交。
alerts-notify-failed = ❌ 未能下单。
alerts-notify-failed-balance = ❌ 未能下单：余额不足。
alerts-notify-failed-unknown = ❌ 未能下单，交易所未说明原因。
alerts-notify-button-open = 打开提醒
alerts-notify-button-pause = 暂停
alerts-notify-button-trade = 查看交易
alerts-notify-key-revoked = ⚠️ 交易所不再接受你的 API 密钥，我已停止监控你的价格提醒。请用 /connect 连接一个可用的密钥以重新接收提醒。
## Market alerts watched by the bot: the message (bot/alerts/market/format.ts)
market-notify-move-up = 📈 <b>{ $asset }</b> 在 { $window }内上涨 { $percent }
market-notify-move-down = 📉 <b>{ $asset }</b> 在 { $window }内下跌 { $percent }
market-notify-from-low = 起点：区间最低价 { $price }（{ $time }）
market-notify-from-high = 起点：区间最高价 { $price }（{ $time }）
market-notify-day-up = 📈 <b>{ $asset }</b> 24 小时涨跌 { $percent }
market-notify-day-down = 📉 <b>{ $asset }</b> 24 小时涨跌 { $percent }
market-notify-day-ref = 24 小时前：{ $price }（{ $time }）
market-notify-step = ↕️ <b>{ $asset }</b> 自上次提醒以来变动 { $percent }
market-notify-step-ref = 起点：{ $price }（{ $time }）
market-notify-step-ref-price = 起点：{ $price }
market-notify-rsi-up = 🌡 <b>{ $asset }</b>：按小时收盘价计算的 RSI(14) 为 { $rsi }，高于 { $threshold }（超买）
market-notify-rsi-down = 🌡 <b>{ $asset }</b>：按小时收盘价计算的 RSI(14) 为 { $rsi }，低于 { $threshold }（超卖）
market-notify-rsi-ref = 最近的小时收盘价：{ $price }（{ $time }）
market-notify-setting-move = 你的提醒：{ $window }内变动 { $percent }
market-notify-setting-day = 你的提醒：24 小时涨跌超过 ±{ $percent }
market-notify-setting-step = 你的提醒：价格每变动 { $percent }
market-notify-now = 现价 { $price } · { $time }（{ $zone }）
market-notify-watched = <i>由本机器人根据公开价格监控：不发送邮件或短信，也不会自动交易。</i>
market-notify-window-15m = 15 分钟
market-notify-window-1h = 1 小时
market-notify-window-4h = 4 小时
market-notify-window-24h = 24 小时
market-notify-button-buy = 买入 { $asset }
market-notify-button-sell = 卖出 { $asset }
market-notify-button-pause = 暂停此提醒
market-notify-paused = ⏸ 已暂停。可在 /alerts 中恢复。
market-notify-gone = 此提醒已不存在。

## Portfolio alerts watched on the heartbeat: the message (bot/alerts/portfolio/format.ts)
alerts-portfolio-msg-value-up = 💼 你的资产总值为 <b>{ $total }</b>，已高于你设定的 { $level }
alerts-portfolio-msg-value-down = 💼 你的资产总值为 <b>{ $total }</b>，已低于你设定的 { $level }
alerts-portfolio-msg-day-up = 📈 你的整个账户今日 <b>{ $percent }</b>（含澳元现金）
alerts-portfolio-msg-day-down = 📉 你的整个账户今日 <b>{ $percent }</b>（含澳元现金）
alerts-portfolio-msg-asset-up = 📈 <b>{ $asset }</b> 相对你的平均买入价收益 <b>{ $percent }</b>
alerts-portfolio-msg-asset-down = 📉 <b>{ $asset }</b> 相对你的平均买入价收益 <b>{ $percent }</b>
alerts-portfolio-msg-setting-day = 你的提醒：整个账户一日涨跌达到 { $threshold }
alerts-portfolio-msg-setting-asset = 你的提醒：相对平均买入价收益达到 { $threshold }
alerts-portfolio-msg-read = 读取时间 { $time }（{ $zone }）
alerts-portfolio-msg-watched = <i>由本机器人每隔几分钟读取你的资产数据监控：不发送邮件或短信，也不会自动交易。</i>
alerts-portfolio-msg-button-portfolio = 资产配置
alerts-portfolio-msg-already-paused = 此提醒已经暂停。可在 /alerts 中恢复。

## Listening: words typed in the chat (read in every language at once; commas separate entries)
listen-words-buy = 买, 买入, 购买, 买进, 入手
listen-words-sell = 卖, 卖出, 卖掉, 出售, 抛, 抛售, 变现
listen-words-swap = 兑换, 换, 换成, 转换, 转成, 换为
listen-words-price = 价格, 多少钱, 价钱, 行情, 报价, 现价, 多少, 什么价, 币价, 价, 涨跌幅, 24小时涨跌, 今日涨跌
listen-words-alert = 提醒, 提醒我, 通知, 通知我, 告诉我, 叫我, 预警
listen-words-above = 高于, 超过, 涨到, 涨破, 突破, 大于, 以上, 上涨到, 涨过
listen-words-below = 低于, 跌破, 跌到, 小于, 以下, 下跌到, 跌过
listen-words-reach = 到, 达到, 到达
listen-words-into = 成, 为
listen-words-fiat = 澳元, 澳币, 块, 元, 刀
listen-words-filler = 请, 帮我, 我想, 我要, 想, 要, 一下, 吧, 了, 现在, 的, 个, 把, 用, 给我, 我, 查, 查一下, 看, 看看, 看一下, 显示, 当前, 目前, 一些, 我的, 就, 它, 涨, 跌
listen-words-negation = 不, 不要, 别, 没, 没有, 勿
listen-words-condition = 如果, 要是, 当, 时, 的时候, 一旦, 假如, 等
listen-words-hedge = 每, 每隔, 吗, 呢, 应该, 应不应该, 该不该, 要不要, 会不会, 是不是, 可能, 也许, 或许, 明天, 以后, 后天, 下周, 下个月, 昨天, 上周, 上个月, 之前, 朋友, 他, 她, 他们, 别人, 建议, 推荐, 还是算了, 算了吧, 嗯, 他想, 她想, 我哥, 我姐, 我弟, 我妹, 老婆, 老公, 爸爸, 妈妈, 同事
listen-words-daily = 每天, 每日, 天天
listen-words-weekly = 每周, 每星期, 每个星期, 每礼拜, 每周一, 每周二, 每周三, 每周四, 每周五, 每周六, 每周日, 每星期一, 每个周一
listen-words-fortnightly = 每两周, 每隔一周, 双周
listen-words-monthly = 每月, 每个月
listen-words-pause = 暂停, 停掉, 停用, 关掉, 关闭
listen-words-resume = 恢复, 继续, 重新开始, 重启, 启用, 开启
listen-words-confirm = 是, 是的, 好, 好的, 确认, 确定, 可以, 行, 对, 没问题, 保存, 同意
listen-words-half = 一半, 半, 一半的
listen-words-all = 全部, 所有, 全部的, 全都, 全
listen-words-back = 返回, 上一步, 全部
listen-not-understood = 我不明白{ $input }。可以输入命令、资产（<code>比特币</code>）或请求，例如 <code>买100澳元的以太坊</code>。也许是下面这些：
listen-not-understood-group = 我不明白{ $input }。在群里我只回答价格，例如 <code>@{ $bot } 比特币</code> 或 /price；账户相关的事请私聊我。
listen-that = 这条消息
listen-language-names = 英文: en, 英语: en, 中文: zh, 简体中文: zh, 汉语: zh, 普通话: zh
listen-code-deleted = 这看起来像双重验证码，我已删除。目前没有提币在等待验证码：/withdrawals 会显示你的提币。
listen-code-not-deleted = 这看起来像双重验证码，但我无法删除它：请自己删除。目前没有提币在等待验证码：/withdrawals 会显示你的提币。
listen-nothing-to-correct = 屏幕上没有可修改的报价。要交易，请完整输入，例如 <code>买100澳元的以太坊</code>。
listen-statement-periods = 本月: month, 这个月: month, 上个月: prevmonth, 上月: prevmonth, 最近12个月: twelvemonths, 最近 12 个月: twelvemonths, 过去一年: twelvemonths, 本财年: fy, 今年财年: fy, 上一财年: prevfy, 上个财年: prevfy, 去年财年: prevfy
listen-which = 你指的是哪一个？
listen-trade-talk = 只有在你明确要求时我才会交易，所以我什么也没做。{ $line ->
        [none] 要现在交易，请发送 /buy、/sell 或 /swap。
       *[other] 要现在就做，请发送 <code>{ $line }</code>。
    }我不提供投资建议。
listen-ask-share = 价格到达时，这个提醒要{ $verb ->
        [buy] 花多少
       *[sell] 卖出多少
    } { $asset }？请选一个，或输入完整的提醒，例如 <code>{ $example }</code>。
listen-ask-asset = 要用 { $amount } 澳元{ $verb ->
        [sell] 卖出
       *[buy] 买入
    }哪种资产？请选一个，或直接输入，例如 <code>买{ $amount }澳元的以太坊</code>。
listen-ask-asset-units = 要{ $verb ->
        [sell] 卖出
       *[buy] 买入
    }哪种资产的 { $amount } 个？请选一个，或直接输入，例如 <code>卖出{ $amount }个以太坊</code>。
listen-share-all = 全部
listen-share-half = 一半
listen-share-quarter = 四分之一
listen-share-none = 你没有持有 { $asset }，无法按比例计算。
listen-words-cancel = 不, 不要, 取消, 算了, 否, 停
listen-commands-balance = 余额, 我的余额, 持仓, 资产, 账户, 钱包, 有多少钱
listen-commands-portfolio = 投资组合, 组合, 收益, 资产分布
listen-commands-swaps = 兑换记录, 我的兑换
listen-commands-alerts = 我的提醒, 提醒列表, 价格提醒
listen-commands-dca = 定投, 定期交易, 自动定投
listen-commands-history = 交易记录, 历史, 历史记录, 记录, 流水, 我买了什么, 买过什么, 卖过什么, 我卖了什么, 买了什么, 卖了什么, 买了啥, 卖了啥
listen-commands-statement = 对账单, 账单, 报表
listen-commands-withdraw = 提币, 提现, 转出
listen-commands-withdrawals = 提币记录, 提现记录
listen-commands-addresses = 地址簿, 地址, 提币地址
listen-commands-settings = 设置, 语言, 时区
listen-commands-chart = 走势图, 走势, 图表, K线, k线, 价格走势, 行情图
listen-commands-cancel = 取消, 算了, 不要了, 停止, 退出
listen-commands-help = 帮助, 命令, 你能做什么, 怎么用, 菜单

# Over the inbound limits (bot/inbound-limits.ts): one notice per spell of skipped updates.
skipped-updates = 请慢一点：你发得太快，我跳过了 { $count } 条消息和按键。还需要的请重新发送；/cancel 随时可用。
skipped-updates-group = { $name }，请慢一点：你发得太快，我跳过了 { $count } 条消息和按键。

## chart
cmd-chart = 价格走势图，标出你的提醒价位
chart-ask-asset = 要看哪个资产的走势图？点一个，或发送 <code>/chart 代码</code>（名称也可以，例如 <code>/chart 比特币 7d</code>）。
chart-pick-asset = 点一个查看走势图，或发送 <code>/chart 代码</code>。
chart-bad-period = 无法按“{ $period }”绘制 { $asset } 的走势图：可选 1h、24h、7d 或 30d。请点一个：
chart-not-priced = 交易所目前没有 { $asset } 的买入价与卖出价，无法绘制走势图。
chart-no-history = 我还没有{ $period }的 { $asset } 价格：机器人从运行起才开始记录价格。请过几分钟再试。
chart-too-little = 我记录的{ $period } { $asset } 价格还太少：机器人从运行起才开始记录价格，目前自 { $since }（{ $zone }）起才有。请过几分钟再试。
chart-period-1h = 最近 1 小时
chart-period-24h = 最近 24 小时
chart-period-7d = 最近 7 天
chart-period-30d = 最近 30 天
chart-title = <b>{ $asset }</b>{ $name } · { $period }
chart-figures = 现价 { $last } · 较 { $first } { $change }
chart-range = 最高 { $high } · 最低 { $low }
chart-since = 价格仅自 { $since }（{ $zone }）起：机器人从运行起才开始记录价格。
chart-gaps = 线条的断开处是机器人没有价格的时段。
chart-legend-triggers = 琥珀色虚线：你生效中的价格提醒（▲ 高于，▼ 低于）：{ $levels }。
chart-legend-more = 另有 { $count } 个离现价较远的提醒未画出：/alerts 可查看全部。
chart-legend-watched = 带 ◆ 的紫色点线：机器人为你的行情提醒监视的价位：{ $levels }。
chart-legend-average = 蓝色点线：你的平均买入价 { $price }。
chart-no-key = 连接密钥（/connect）后，走势图会标出你的提醒价位与平均买入价。
chart-lines-failed = 无法读取你的提醒价位与平均买入价，因此未标出。{ $reason }
chart-updated = <i>中间价（买入价与卖出价的平均）以澳元计，更新于 { $time }（{ $zone }）。带 ↑ 或 ↓ 的标签表示价位在图外。</i>

## 市场提醒（由机器人监控）
market-what-move = { $window ->
        [m15] 15 分钟
        [h1] 1 小时
        [h4] 4 小时
       *[h24] 24 小时
    }内{ $direction ->
        [up] 上涨 { $percent }%
        [down] 下跌 { $percent }%
       *[either] 涨跌 { $percent }%
    }
market-what-day = 24 小时涨跌幅{ $direction ->
        [up] 超过 +{ $percent }%
        [down] 低于 -{ $percent }%
       *[either] 超过 ±{ $percent }%
    }
market-what-step = 价格每从上次提醒处涨跌 { $percent }%
market-what-rsi = 按小时收盘价计算的 RSI(14){ $direction ->
        [up] 高于 { $high }（超买）
        [down] 低于 { $low }（超卖）
       *[either] 低于 { $low } 或高于 { $high }
    }
market-error-percent-format = 请用数字表示百分比，例如 <code>5</code> 或 <code>2.5</code>（最多两位小数）。
market-error-percent-range = 百分比必须在 { $min }% 到 { $max }% 之间。
market-error-rsi-format = 请用两个数字表示 RSI 阈值，例如 <code>30 70</code>。
market-error-rsi-range = RSI 阈值必须在 { $min } 到 { $max } 之间。
market-error-rsi-spread = RSI 高阈值必须比低阈值至少高 { $spread }（例如 <code>30 70</code>）。
market-error-window = 请说明时间窗口：15分钟、1小时、4小时或24小时，例如 <code>/alert 比特币 1小时 涨跌 5%</code>。
market-error-direction = 请说明方向：涨、跌或涨跌（任一方向）。
market-error-asset = 请说明资产，例如 <code>/alert 比特币 1小时 涨跌 5%</code>。
market-error-kind = 我可以监控一段时间内的涨跌、24 小时涨跌幅、每 N% 的变动或 RSI，例如 <code>/alert 比特币 1小时 涨跌 5%</code>。
market-line = 🤖 <b>{ $asset }</b> { $what }{ $state ->
        [paused] {" "}· ⏸ 已暂停
       *[active] {""}
    }
market-list-title = <b>由机器人监控</b>（{ $count }）：只在这里发消息，不发邮件或短信，不交易
market-list-no-key = <b>交易所提醒</b>：用 /connect 连接 API 密钥后可查看你在交易所的价格提醒。
alerts-none-triggers = <b>交易所提醒</b>：无。
market-card-title = <b>🤖 { $asset } 提醒，由机器人监控</b>
market-card-what = 当 { $asset } { $what }时提醒。
market-card-state = 状态：{ $state ->
        [paused] ⏸ 已暂停
       *[active] ✅ 生效中
    }
market-card-last = 上次提醒：{ $when }（{ $zone }）
market-card-move-from = 正从 { $price }（上次提醒时的价格）开始监控：在时间窗口内再出现同样幅度的变动会再次提醒。
market-card-move-again = 每次提醒后，它从提醒时的价格重新开始监控，所以持续的变动会随时告诉你。
market-watched-by-bot = 机器人根据交易所的公开价格监控：只在这里给你发消息（不发邮件或短信），也不会自行交易。
market-summary-title = <b>由机器人监控的新提醒：{ $asset }</b>
market-summary-edit-title = <b>修改由机器人监控的提醒：{ $asset }</b>
market-summary-now = 现价：{ $price }
market-rsi-from = 机器人的价格历史还不足以计算 RSI：从 { $when }（{ $zone }）起生效。
market-refused-limit = 你已有 { $limit } 个由机器人监控的提醒，已达上限。请先在 /alerts 中删除一个。
market-refused-duplicate = 你已经有一个完全相同的提醒。请查看 /alerts。
market-gone = 该提醒已不存在，可能已被删除。
market-created = ✅ 提醒已保存。
market-changed = ✅ 提醒已修改。
market-deleted = 🗑 提醒已删除。
market-confirm-delete = 删除 { $asset } 的提醒（{ $what }）？
market-button-resume = ▶️ 恢复
market-button-edit = ✏️ 修改
market-kind-button = { $kind ->
        [move] 📈 一段时间内涨跌
        [day_change] 24 小时涨跌幅
        [step] 每涨跌 N%
       *[rsi] RSI 超买 / 超卖
    }
market-ask-or-kind = 或者让机器人监控价格的变动：
market-ask-direction = { $asset } 往哪个方向变动？
market-direction-button = { $direction ->
        [up] ▲ 上涨
        [down] ▼ 下跌
       *[either] ↕ 涨跌皆可
    }
market-ask-window = 在多长时间内？
market-window-button = { $window ->
        [m15] 15 分钟
        [h1] 1 小时
        [h4] 4 小时
       *[h24] 24 小时
    }
market-ask-percent = { $kind ->
        [step] { $asset } 每涨跌百分之几提醒一次？选择或输入一个数字，例如 2。
       *[other] 变动百分之几？选择或输入一个数字，例如 5。
    }
market-ask-rsi = 当 { $asset } 的 RSI 低于低阈值或高于高阈值时提醒。选择或输入两个数字，例如 30 70。
market-ask-current = 当前：{ $current }
market-edit-intro = 正在修改 { $asset } 的提醒（{ $what }）。请用一行重新输入，格式同 <code>/alert { $asset }</code> 之后的部分（当前：<code>{ $words }</code>），或逐步设置。
market-button-steps = 逐步设置

## Portfolio alerts in the chat (bot/alerts/portfolio/chat.ts, portfolio-describe.ts, portfolio-conversation.ts)
alerts-portfolio-chat-what-value = 你的总资产{ $direction ->
        [above] 达到 { $level } 或以上
       *[below] 降到 { $level } 或以下
    }
alerts-portfolio-chat-what-day = 你整个账户的今日涨跌（含澳元现金）{ $direction ->
        [up] 达到 +{ $percent }% 或以上
        [down] 达到 -{ $percent }% 或以下
       *[either] 超出 ±{ $percent }%
    }
alerts-portfolio-chat-what-asset = 你的 { $asset } 相对买入均价的收益率{ $direction ->
        [up] 达到 +{ $percent }% 或以上
        [down] 达到 -{ $percent }% 或以下
       *[either] 超出 ±{ $percent }%
    }
alerts-portfolio-chat-error-kind = 我可以监控你的总资产、整个账户的今日涨跌，或某个资产相对买入均价的收益率，例如 <code>/alert 资产 低于 5万</code>、<code>/alert 组合 今天 5%</code> 或 <code>/alert BTC 收益 20%</code>。
alerts-portfolio-chat-error-asset = 请说明是哪个资产（不能是 AUD），例如 <code>/alert BTC 收益 20%</code>。
alerts-portfolio-chat-error-direction = 请说明高于还是低于，例如 <code>/alert 资产 低于 5万</code>。
alerts-portfolio-chat-error-level-format = 请用澳元金额表示，例如 <code>50000</code>、<code>120k</code>、<code>$1.2m</code> 或 <code>5万</code>（最多两位小数）。
alerts-portfolio-chat-error-level-range = 金额必须在 { $min } 到 { $max } 之间。
alerts-portfolio-chat-error-percent-format = 请用数字表示百分比，例如 <code>5</code> 或 <code>-3%</code>（最多两位小数）。
alerts-portfolio-chat-error-percent-range = 百分比必须在 { $min }% 到 { $max }% 之间。
alerts-portfolio-chat-which-side = 总资产高于 { $level } 时提醒，还是低于时提醒？请选择。
alerts-portfolio-chat-side-button = { $direction ->
        [above] ▲ 高于 { $level }
       *[below] ▼ 低于 { $level }
    }
alerts-portfolio-chat-refused-heartbeat = 本机器人无法监控资产提醒：它每 { $seconds } 秒读取一次每个账户，在交易所的频率限制内已没有余量再读取你的资产（需要超过 50 秒）。价格提醒仍可使用，例如 <code>/alert BTC moves 5% 1h</code>。
alerts-portfolio-chat-refused-limit = 你已有 { $limit } 个资产提醒，已达上限。请先在 /alerts 中删除一个。
alerts-portfolio-chat-summary-title = <b>💼 由机器人监控的新资产提醒</b>
alerts-portfolio-chat-summary-edit-title = <b>💼 修改由机器人监控的资产提醒</b>
alerts-portfolio-chat-card-what = 当{ $what }时提醒。
alerts-portfolio-chat-now-value = 当前：{ $total }
alerts-portfolio-chat-now-day = 你的整个账户今日至今：{ $percent }（含澳元现金）
alerts-portfolio-chat-now-asset = { $asset } 当前相对买入均价：{ $percent }
alerts-portfolio-chat-now-unknown = 当前：交易所暂时没有给出这个数字。
alerts-portfolio-chat-not-held = ⚠️ 你目前没有持有 { $asset }：在你持有之前，这个提醒不会响。
alerts-portfolio-chat-past-now = 当前已经越过这个值，所以第一次检查时就会提醒。
alerts-portfolio-chat-every = { $unit ->
        [minutes] { $count } 分钟
       *[seconds] { $count } 秒
    }
alerts-portfolio-chat-checked = 每 { $every }检查一次：机器人用你的 API 密钥读取你的资产，只在这里给你发消息（不发邮件或短信），也不会自行交易。
alerts-portfolio-chat-list-title = <b>💼 由机器人监控的资产</b>（{ $count }）：用你的密钥读取，只在这里发消息
alerts-portfolio-chat-line = 💼 { $what }{ $state ->
        [paused] {" "}· ⏸ 已暂停
       *[active] {""}
    }
alerts-portfolio-chat-list-button = { $kind ->
        [portfolio_value] 💼 总资产 { $threshold }
        [portfolio_day] 💼 当日收益 { $threshold }
       *[asset_return] 💼 { $asset } 收益 { $threshold }
    }
alerts-portfolio-chat-card-title = <b>💼 资产提醒，由机器人监控</b>
alerts-portfolio-chat-confirm-delete = 删除这个资产提醒（{ $what }）？
alerts-portfolio-chat-kind-button = { $kind ->
        [portfolio_value] 💼 总资产
        [portfolio_day] 💼 今日涨跌（整个账户）
       *[asset_return] 💼 相对买入均价的收益
    }
alerts-portfolio-chat-whole-button = 💼 我的全部资产
alerts-portfolio-chat-ask-kind = 要让机器人监控你资产的哪一项？
alerts-portfolio-chat-ask-side = 总资产高于还是低于某个金额时提醒？
alerts-portfolio-chat-ask-level = { $direction ->
        [above] 总资产达到多少澳元或以上时提醒？
       *[below] 总资产降到多少澳元或以下时提醒？
    }请输入金额，例如 50000、120k 或 5万。
alerts-portfolio-chat-ask-direction = { $asset ->
        [none] 整个账户的今日涨跌（含澳元现金）往哪个方向变动时提醒？
       *[other] 你的 { $asset } 收益率往哪个方向变动时提醒？
    }
alerts-portfolio-chat-ask-percent = 多少个百分点？请选择或输入，例如 5。
alerts-portfolio-chat-edit-intro = 正在修改资产提醒（{ $what }）。可以按 <code>/alert</code> 后面的写法在一行里重新输入（当前：<code>{ $words }</code>），也可以逐步设置。
